import * as contract from '@common/contract/api-tokens';
import { route } from '../../lib/route';
import { actorContext } from '../../policies/actor';
import type { App } from '../../types';
import { createApiToken, listApiTokens, revokeApiToken } from './manage-api-tokens';

/** A project's API tokens: admins of the project (membership checked by the authentication hook). */
export default async function apiTokenRoutes(app: App) {
  route(app, contract.listApiTokens, async (request) => listApiTokens(app.ctx.database.db, request.params.projectId));
  route(app, contract.createApiToken, async (request) => createApiToken(actorContext(request), { ...request.body, projectId: request.params.projectId }));
  route(app, contract.revokeApiToken, async (request) => revokeApiToken(actorContext(request), request.params));
}
