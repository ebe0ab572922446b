import type { SQL } from 'drizzle-orm';
import type { AuditDetails } from '@common/audit-catalogue';
import type { RequestEventType, ViewedRequest } from '@common/schemas/bonus';
import type { ActorContext } from '../../policies/actor';
import { moveRequests } from './move-requests';
import { PendingRequestChanges, publishRequestChanges, type RequestSocketEvent, viewedRequest } from './request-changes';
import { refusal, type TransitionResult } from './request-state-machine';

type ReleasingAuditAction = 'COMPLETE_BONUS_REQUEST' | 'REQUEUE_BONUS_REQUEST';

export interface ReleasingMove<A extends ReleasingAuditAction> {
  action: 'complete' | 'requeue';
  /** The completion notes, or why the request goes back. */
  reason: string | null;
  guard?: SQL;
  /** Its details go to the request's timeline and to the audit row alike. */
  event: { type: RequestEventType; details: (moved: TransitionResult) => AuditDetails<A> };
  auditAction: A;
  socketEvent: RequestSocketEvent;
}

/**
 * A move that takes a request off its assignee (complete, re-queue), through the one move
 * operation (which also hands the assignee's oldest capacity reservation over, their load having
 * dropped), in one transaction; the socket events go out once it commits, and routing hears that
 * the assignee may take more. The caller gets the request with their abilities on it.
 */
export async function releaseRequest<A extends ReleasingAuditAction>(
  scope: ActorContext,
  input: { projectId: number; requestId: number },
  move: ReleasingMove<A>,
): Promise<ViewedRequest> {
  const { ctx, actor, ipAddress } = scope;
  const now = ctx.clock.now();
  const changes = new PendingRequestChanges(input.projectId);
  const { presented, releasedUserId } = await ctx.database.db.transaction(async (tx) => {
    const { moved } = await moveRequests(tx, move.action, {
      projectId: input.projectId,
      now,
      actor,
      ipAddress,
      rows: [{ id: input.requestId, reason: move.reason }],
      guard: move.guard,
      details: move.event.details,
      event: { type: move.event.type, reason: (row) => row.reason ?? null },
      audit: { action: move.auditAction },
      socket: move.socketEvent,
      changes,
    });
    const [done] = moved;
    if (!done) throw await refusal(tx, move.action, { ...input, actorId: actor.id });
    const presentedChanges = await changes.present(tx, actor);
    return {
      presented: { changes: presentedChanges, request: (await viewedRequest(tx, presentedChanges, input.requestId, actor))! },
      releasedUserId: done.previousAssigneeId,
    };
  });
  publishRequestChanges(ctx, presented.changes);
  // Below capacity again: the waiting requests the routing rules send to them are handed out now.
  if (releasedUserId !== null) ctx.events.publish('membersBecameEligible', { projectId: input.projectId, userIds: [releasedUserId] });
  return presented.request;
}
