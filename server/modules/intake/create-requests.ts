import type { CreateRequestInput, ViewedRequest } from '@common/schemas/bonus';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { ActorContext } from '../../policies/actor';
import * as bonus from '../bonus';
import type { CreateRequestsInput, CreationRouting } from '../bonus';
import { hasActiveRules, RoutingSession } from '../routing';

/**
 * Request intake: a new request is created and routed in one transaction, so it is never seen
 * waiting when a rule has someone for it. Creation belongs to the bonus module and routing moves
 * requests through it; this module, above both, is where the two meet.
 */
export const creationRouting: CreationRouting = {
  routes: (tx, projectId) => hasActiveRules(tx, projectId),
  async routeCreated(tx, projectId, now, created, changes) {
    // The project's routing lock is taken only now, after the insert (whose trigger already holds
    // the project's count rows), so concurrent batches still insert side by side.
    const session = await RoutingSession.open(tx, projectId, now, { activeRuleSeen: true });
    if (!session) return;
    await session.routeCreated(created, changes);
    await session.finish();
  },
};

/** Creates (and routes) requests inside the caller's transaction; call `publish()` after it commits. */
export function createRequestsInTransaction(tx: DbOrTx, ctx: AppContext, input: CreateRequestsInput) {
  return bonus.createRequestsInTransaction(tx, ctx, input, creationRouting);
}

/** Creates (and routes) requests in their own transaction and announces them once it commits. */
export function createRequests(ctx: AppContext, input: CreateRequestsInput) {
  return bonus.createRequests(ctx, input, creationRouting);
}

/** The manual form (spec §2.4): one request, routed like any other. */
export function createManualRequest(scope: ActorContext, input: { projectId: number; body: CreateRequestInput }): Promise<ViewedRequest> {
  return bonus.createManualRequest(scope, input, creationRouting);
}
