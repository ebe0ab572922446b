import * as contract from '@common/contract/bonus-requests';
import { approveRequest as approveEndpoint, getCustomerSummary, getMyQueue, rejectRequest as rejectEndpoint, undoRequestMove } from '@common/contract/request-desk';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { validationError } from '../../lib/errors';
import { route } from '../../lib/route';
import { actorContext } from '../../policies/actor';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { claimRequest } from './claim-request';
import { completeRequest } from './complete-request';
import { customerSummary } from './customer-summary';
import { approveRequest, rejectRequest } from './decide-approval';
import { getRequest } from './get-request';
import { listRequests, serializeRequestListPage } from './list-requests';
import { requestStats } from './request-stats';
import { myQueue } from './my-queue';
import { requeueRequest } from './requeue-request';
import { undoRequest } from './undo-request';

/** Bonus requests of a project (spec §7.3); membership and role are checked before these run. */
export default async function bonusRoutes(app: App) {
  const ctx = app.ctx;
  const db = ctx.database.db;

  // The hottest endpoint: the items arrive as JSON text built by the database and are sent
  // as they are (a test parses real responses with the contract's schema, which documents them).
  route(app, contract.listRequests, async (request, reply) => {
    const { user } = requireAuth(request);
    const page = await listRequests(ctx.database, request.params.projectId, request.query, { id: user.id, role: user.role });
    return reply.type('application/json; charset=utf-8').send(serializeRequestListPage(page) as never);
  });

  route(app, contract.getRequestStats, async (request) => requestStats(ctx.database, request.params.projectId));

  route(app, contract.getRequestDetail, async (request) => getRequest(db, request.params.projectId, request.params.requestId, requireAuth(request).user));

  route(app, contract.claimRequest, async (request) =>
    claimRequest(actorContext(request), {
      projectId: request.params.projectId,
      requestId: request.params.requestId,
      agentId: request.body?.agentId,
    }),
  );

  route(app, contract.completeRequest, async (request) => {
    const scope = actorContext(request);
    const completedBy = request.body?.completedBy;
    if (completedBy !== undefined && completedBy !== scope.actor.id) {
      throw validationError({ completedBy: BONUS_MESSAGES.completedByNotCaller }, BONUS_MESSAGES.completedByNotCaller);
    }
    return completeRequest(scope, {
      projectId: request.params.projectId,
      requestId: request.params.requestId,
      notes: request.body?.notes,
      confirmAmount: request.body?.confirmAmount,
      duplicateChecked: request.body?.duplicateChecked,
    });
  });

  route(app, contract.requeueRequest, async (request) =>
    requeueRequest(actorContext(request), {
      projectId: request.params.projectId,
      requestId: request.params.requestId,
      reason: request.body?.reason,
    }),
  );

  route(app, getCustomerSummary, async (request) => customerSummary(ctx.database, request.params.projectId, request.query, ctx.clock.now()));
  route(app, getMyQueue, async (request) => myQueue(db, request.params.projectId, requireAuth(request).user));
  route(app, undoRequestMove, async (request) =>
    undoRequest(actorContext(request), { projectId: request.params.projectId, requestId: request.params.requestId, ...request.body }),
  );

  route(app, approveEndpoint, async (request) => approveRequest(actorContext(request), { projectId: request.params.projectId, requestId: request.params.requestId }));
  route(app, rejectEndpoint, async (request) =>
    rejectRequest(actorContext(request), { projectId: request.params.projectId, requestId: request.params.requestId, reason: request.body.reason }),
  );
}
