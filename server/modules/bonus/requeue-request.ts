import { DEFAULT_REQUEUE_REASON } from '@common/request-transitions';
import type { BonusRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { handOverReservations } from './hand-over-reservations';
import { auditRequestChange, PendingRequestChanges, publishRequestChanges, recordRequestEvents, type RequestActor } from './request-changes';
import { applyTransition, refusal } from './request-state-machine';

export interface RequeueRequestInput {
  projectId: number;
  requestId: number;
  actor: RequestActor & { id: number };
  reason?: string;
}

/**
 * Puts an active or problem request back in the queue, clearing its assignee. The former
 * assignee's load drops, so their oldest capacity reservation is handed to them.
 */
export async function requeueRequest(ctx: AppContext, input: RequeueRequestInput): Promise<BonusRequest> {
  const now = ctx.clock.now();
  const reason = input.reason ?? DEFAULT_REQUEUE_REASON;
  const changes = new PendingRequestChanges();
  const presented = await ctx.database.db.transaction(async (tx) => {
    const moved = await applyTransition(tx, 'requeue', {
      projectId: input.projectId,
      requestId: input.requestId,
      now,
      set: { assignedUserId: null, assignedByUserId: null, assignedAt: null, requeueReason: reason },
    });
    if (!moved) throw await refusal(tx, 'requeue', { ...input, actorId: input.actor.id });
    const details = { previousAssignee: moved.previousAssigneeId, reason };
    await recordRequestEvents(tx, [
      {
        requestId: input.requestId,
        projectId: input.projectId,
        type: 'requeued',
        actor: input.actor,
        fromStatus: moved.fromStatus,
        toStatus: moved.toStatus,
        reason,
        details,
        at: now,
      },
    ]);
    await auditRequestChange(tx, { actor: input.actor, action: 'REQUEUE_BONUS_REQUEST', projectId: input.projectId, requestId: input.requestId, details });
    changes.add(SOCKET_EVENTS.requestUpdated, input.requestId);
    if (moved.previousAssigneeId !== null) {
      await handOverReservations(tx, {
        projectId: input.projectId,
        userId: moved.previousAssigneeId,
        now,
        cause: { actor: input.actor, requestId: input.requestId, action: 'requeue' },
        changes,
      });
    }
    return changes.present(tx);
  });
  publishRequestChanges(ctx, presented);
  return presented[0]!.request;
}
