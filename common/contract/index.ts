import type { EndpointDefinition } from './define-endpoint';
import * as agents from './agents';
import * as apiTokens from './api-tokens';
import * as audit from './audit';
import * as auth from './auth';
import * as bonusRequests from './bonus-requests';
import * as bridgeSync from './bridge-sync';
import * as health from './health';
import * as projects from './projects';
import * as requestDesk from './request-desk';
import * as dashboard from './dashboard';
import * as demo from './demo';
import * as reports from './reports';
import * as routingRules from './routing-rules';
import * as settings from './settings';
import * as totp from './totp';
import * as users from './users';
import * as webhooks from './webhooks';

/**
 * Every endpoint of the API, one module per feature. The server registers each route from
 * its entry (`server/lib/route.ts`); a test fails when a registered route is missing here or
 * an entry has no route. The web app imports the feature files it needs, not this index.
 */
const modules: object[] = [health, auth, projects, users, agents, bonusRequests, requestDesk, bridgeSync, settings, totp, audit, dashboard, reports, routingRules, demo, apiTokens, webhooks];

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every endpoint with the name its contract file exports it under (the OpenAPI operationId). */
export const namedEndpoints: [name: string, endpoint: EndpointDefinition][] = modules.flatMap((m) =>
  Object.entries(m).filter((entry): entry is [string, EndpointDefinition] => isEndpoint(entry[1])),
);

export const endpoints: EndpointDefinition[] = namedEndpoints.map(([, endpoint]) => endpoint);
