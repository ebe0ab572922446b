import * as contract from '@common/contract/bonus-requests';
import { getMyQueue, undoRequestMove } from '@common/contract/request-desk';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../lib/errors';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { claimRequest } from './claim-request';
import { completeRequest } from './complete-request';
import { createManualRequest } from './create-request';
import { getRequest } from './get-request';
import { listRequests, serializeRequestListPage } from './list-requests';
import { requestStats } from './request-stats';
import { myQueue } from './my-queue';
import { requeueRequest } from './requeue-request';
import { undoRequest } from './undo-request';

/** The signed-in user as the actor of a change, with the address for the audit row. */
function actorOf(request: Pick<FastifyRequest, 'auth' | 'ip'>) {
  const { user } = requireAuth(request);
  return { id: user.id, username: user.username, fullName: user.fullName, role: user.role, ipAddress: request.ip };
}

/** Bonus requests of a project (spec §7.3); membership and role are checked before these run. */
export default async function bonusRoutes(app: App) {
  const ctx = app.ctx;
  const db = ctx.database.db;

  // The hottest endpoint: the items arrive as JSON text built by the database and are sent
  // as they are (a test parses real responses with the contract's schema, which documents them).
  route(app, contract.listRequests, async (request, reply) => {
    const page = await listRequests(db, request.params.projectId, request.query);
    return reply.type('application/json; charset=utf-8').send(serializeRequestListPage(page) as never);
  });

  route(app, contract.getRequestStats, async (request) => requestStats(db, request.params.projectId));

  route(app, contract.createRequest, async (request) =>
    createManualRequest(ctx, { projectId: request.params.projectId, actor: actorOf(request), body: request.body }),
  );

  route(app, contract.getRequestDetail, async (request) => getRequest(db, request.params.projectId, request.params.requestId));

  route(app, contract.claimRequest, async (request) =>
    claimRequest(ctx, {
      projectId: request.params.projectId,
      requestId: request.params.requestId,
      actor: actorOf(request),
      agentId: request.body?.agentId,
    }),
  );

  route(app, contract.completeRequest, async (request) => {
    const actor = actorOf(request);
    const completedBy = request.body?.completedBy;
    if (completedBy !== undefined && completedBy !== actor.id) {
      throw validationError({ completedBy: BONUS_MESSAGES.completedByNotCaller }, BONUS_MESSAGES.completedByNotCaller);
    }
    return completeRequest(ctx, {
      projectId: request.params.projectId,
      requestId: request.params.requestId,
      actor,
      notes: request.body?.notes,
      confirmAmount: request.body?.confirmAmount,
    });
  });

  route(app, contract.requeueRequest, async (request) =>
    requeueRequest(ctx, {
      projectId: request.params.projectId,
      requestId: request.params.requestId,
      actor: actorOf(request),
      reason: request.body?.reason,
    }),
  );

  route(app, getMyQueue, async (request) => myQueue(db, request.params.projectId, requireAuth(request).user.id));
  route(app, undoRequestMove, async (request) =>
    undoRequest(ctx, { projectId: request.params.projectId, requestId: request.params.requestId, actor: actorOf(request), ...request.body }),
  );
}
