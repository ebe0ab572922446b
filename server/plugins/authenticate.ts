import type { FastifyInstance } from 'fastify';
import { endpointKey } from '@common/contract/define-endpoint';
import { changePassword } from '@common/contract/auth';
import { TOTP_SETUP_ENDPOINTS } from '@common/contract/totp';
import { PASSWORD_MESSAGES } from '@common/schemas/auth';
import { can } from '@common/permissions';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { forbidden, notFound } from '../lib/errors';
import { authenticateApiToken, looksLikeApiToken } from '../modules/api-tokens';
import { authenticateToken, sessionCacheOf } from '../modules/sessions';
import { PROJECT_NOT_FOUND } from '../policies/authorize';

/** What a user signed in with a one-time password may still call: changing it, who they are, and logout. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([endpointKey(changePassword), 'GET /api/auth/me', 'POST /api/auth/logout']);
/** What a user who must set 2FA up may still call: the setup itself, who they are, and logout. */
const ALLOWED_BEFORE_TOTP_SETUP = new Set([...TOTP_SETUP_ENDPOINTS.map(endpointKey), 'GET /api/auth/me', 'POST /api/auth/logout']);

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Every route under /api declares who may call it in its config: `public: true`, or a
 * `permission` (a matrix permission, or 'authenticated' for any signed-in user).
 * A route declaring neither refuses to register, so no endpoint is left unguarded.
 *
 * The check runs before body validation, in this order: live session (401) → project
 * membership when the path has :projectId (404, revealing nothing) → role (403). A machine's
 * API token (`bp_…`) is checked by its own rules instead: live token (401) → the route's
 * ability and the token's project (403).
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('reachedHandler', false);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public) return;
    if (!route.config?.permission) throw new Error(`${String(route.method)} ${route.url}: no permission declared`);
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config?.public) return;
    const rawProjectId = (request.params as Record<string, string> | undefined)?.projectId;
    const projectId = rawProjectId === undefined ? null : Number(rawProjectId);
    const validProjectId = projectId !== null && Number.isInteger(projectId) && projectId > 0 && projectId <= 2_147_483_647;
    const presented = bearer(request.headers.authorization);
    // A machine's API token: its abilities and its project decide, never a role (modules/api-tokens).
    if (looksLikeApiToken(presented)) {
      if (!config?.permission) return; // unknown route: the not-found handler answers 404
      request.auth = await authenticateApiToken(app.ctx, presented, { ability: config?.apiToken, projectId: validProjectId ? projectId : null });
      return;
    }
    // One query answers both "is the session live?" and "may the caller work in this project?".
    const { projectAccess, ...auth } = await authenticateToken(app.ctx, presented, validProjectId ? projectId : null);
    const { totpSetupRequired, ...authContext } = auth;
    request.auth = authContext;
    const permission = config?.permission;
    if (!permission) return; // unknown route: the not-found handler answers 404
    const key = endpointKey({ method: request.method, path: request.routeOptions.url ?? '' });
    // The password first: a user who must do both changes it, then sets 2FA up.
    if (auth.user.mustChangePassword) {
      if (!ALLOWED_BEFORE_PASSWORD_CHANGE.has(key)) throw forbidden(PASSWORD_MESSAGES.changeRequired, 'PASSWORD_CHANGE_REQUIRED');
    } else if (totpSetupRequired && !ALLOWED_BEFORE_TOTP_SETUP.has(key)) {
      throw forbidden(TOTP_MESSAGES.setupRequired, 'TOTP_SETUP_REQUIRED');
    }
    if (rawProjectId !== undefined && !projectAccess) throw notFound(PROJECT_NOT_FOUND);
    if (permission !== 'authenticated' && !can(auth.user.role, permission)) throw forbidden();
  });
  // Past authentication and body validation: from here on the call may change something.
  app.addHook('preHandler', async (request) => {
    request.reachedHandler = true;
  });
  // Whatever a mutating call changed (a role, a membership, a deactivation…), this instance's
  // session cache forgets before the answer leaves, so the caller's next call sees it.
  // Other instances hear it from the database (migration 0007). Safe by default: no call
  // has to remember to announce what it touched. A call refused before its handler (no session,
  // no right, a body that fails validation) changed nothing, and a stream of them must not make
  // every other user's next call read its session again.
  app.addHook('onSend', async (request, reply) => {
    // Sign-in, refresh, 2FA setup and backup codes carry secrets; no /api/auth answer is ever kept
    // by a browser or proxy, whichever route (or refusal) answered.
    if (request.url.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
    if (request.reachedHandler && request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && request.url.startsWith('/api/')) {
      sessionCacheOf(app.ctx).invalidate();
    }
  });
}
