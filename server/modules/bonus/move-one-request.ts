import type { SQL } from 'drizzle-orm';
import type { AuditActionOn, AuditDetails } from '@common/audit-catalogue';
import type { RequestEventType, ViewedRequest } from '@common/schemas/bonus';
import type { ActorContext } from '../../policies/actor';
import { moveRequests, type MovedRequest } from './move-requests';
import { PendingRequestChanges, publishRequestChanges, type RequestSocketEvent, viewedRequest } from './request-changes';
import { refusal, type TransitionResult } from './request-state-machine';

/** A person's move of one request from a button: complete (or ask for approval), re-queue, approve, reject. */
export interface PersonMove<A extends AuditActionOn<'bonus_request'>> {
  action: 'complete' | 'requeue' | 'approve' | 'reject';
  /** The completion notes, or why the request goes back / was rejected. */
  reason: string | null;
  guard?: SQL;
  /** Its details go to the request's timeline and to the audit row alike; its type may depend on where it went. */
  event: { type: RequestEventType | ((moved: MovedRequest) => RequestEventType); details: (moved: TransitionResult) => AuditDetails<A> };
  auditAction: A | ((moved: MovedRequest) => A);
  socketEvent: RequestSocketEvent | ((moved: MovedRequest) => RequestSocketEvent);
}

/**
 * One request moved by a person, through the one move operation (which also hands the former
 * assignee's oldest capacity reservation over when their load dropped), in one transaction: a
 * refused move answers why (refusal). The socket events go out once it commits, and routing
 * hears that the former assignee may take more. The caller gets the request with their abilities.
 */
export async function moveOneRequest<A extends AuditActionOn<'bonus_request'>>(
  scope: ActorContext,
  input: { projectId: number; requestId: number },
  move: PersonMove<A>,
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
    const released = move.action === 'complete' || move.action === 'requeue';
    return {
      presented: { changes: presentedChanges, request: (await viewedRequest(tx, presentedChanges, input.requestId, actor))! },
      releasedUserId: released ? done.previousAssigneeId : null,
    };
  });
  publishRequestChanges(ctx, presented.changes);
  if (move.action === 'complete' && presented.request.status === 'pending_approval') ctx.events.publish('approvalRequested', { projectId: input.projectId, request: presented.request });
  // Below capacity again: the waiting requests the routing rules send to them are handed out now.
  if (releasedUserId !== null) ctx.events.publish('membersBecameEligible', { projectId: input.projectId, userIds: [releasedUserId] });
  return presented.request;
}
