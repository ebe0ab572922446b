import type { SQL } from 'drizzle-orm';
import type { AuditDetails } from '@common/audit-catalogue';
import type { RequestEventType, ViewedRequest } from '@common/schemas/bonus';
import type { ActorContext } from '../../policies/actor';
import { handOverReservations } from './hand-over-reservations';
import {
  auditRequestChange,
  PendingRequestChanges,
  publishRequestChanges,
  recordRequestEvents,
  type RequestSocketEvent,
  viewedRequest,
} from './request-changes';
import { applyTransition, refusal, type RequestSet, type TransitionResult } from './request-state-machine';

type ReleasingAuditAction = 'COMPLETE_BONUS_REQUEST' | 'REQUEUE_BONUS_REQUEST';

export interface ReleasingMove<A extends ReleasingAuditAction> {
  action: 'complete' | 'requeue';
  /** Fields to write, given the move's instant (so e.g. completedAt equals updatedAt). */
  set: (now: Date) => RequestSet;
  guard?: SQL;
  /** Its details go to the request's timeline and to the audit row alike. */
  event: { type: RequestEventType; reason: string | null; details: (moved: TransitionResult) => AuditDetails<A> };
  auditAction: A;
  socketEvent: RequestSocketEvent;
}

/**
 * A move that takes a request off its assignee (complete, re-queue): the transition, its event
 * and audit row, and, since the assignee's load dropped, the hand-over of their oldest capacity
 * reservation — all in one transaction; the socket events go out once it commits. The caller
 * gets the request with their abilities on it.
 */
export async function releaseRequest<A extends ReleasingAuditAction>(
  scope: ActorContext,
  input: { projectId: number; requestId: number },
  move: ReleasingMove<A>,
): Promise<ViewedRequest> {
  const { ctx, actor, ipAddress } = scope;
  const now = ctx.clock.now();
  const changes = new PendingRequestChanges(input.projectId);
  let releasedUserId: number | null = null;
  const presented = await ctx.database.db.transaction(async (tx) => {
    const moved = await applyTransition(tx, move.action, { projectId: input.projectId, requestId: input.requestId, now, set: move.set(now), guard: move.guard });
    if (!moved) throw await refusal(tx, move.action, { ...input, actorId: actor.id });
    const details = move.event.details(moved);
    await recordRequestEvents(tx, [
      {
        requestId: input.requestId,
        projectId: input.projectId,
        type: move.event.type,
        actor: actor,
        fromStatus: moved.fromStatus,
        toStatus: moved.toStatus,
        reason: move.event.reason,
        details,
        at: now,
      },
    ]);
    await auditRequestChange(tx, { actor, ipAddress, action: move.auditAction, projectId: input.projectId, requestId: input.requestId, details });
    changes.add(move.socketEvent, input.requestId, moved.previousAssigneeId);
    releasedUserId = moved.previousAssigneeId;
    if (moved.previousAssigneeId !== null) {
      await handOverReservations(tx, {
        projectId: input.projectId,
        userId: moved.previousAssigneeId,
        now,
        cause: { actor: actor, requestId: input.requestId, action: move.action },
        changes,
      });
    }
    const presentedChanges = await changes.present(tx, actor);
    return { changes: presentedChanges, request: (await viewedRequest(tx, presentedChanges, input.requestId, actor))! };
  });
  publishRequestChanges(ctx, presented.changes);
  // Below capacity again: the waiting requests the routing rules send to them are handed out now.
  if (releasedUserId !== null) ctx.events.publish('membersBecameEligible', { projectId: input.projectId, userIds: [releasedUserId] });
  return presented.request;
}
