import { eq } from 'drizzle-orm';
import type { Role } from '@common/enums';
import { can } from '@common/permissions';
import type { BonusRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { bonusRequests } from '../../db/schema';
import { handOverReservations } from './hand-over-reservations';
import { auditRequestChange, PendingRequestChanges, publishRequestChanges, recordRequestEvents, type RequestActor } from './request-changes';
import { applyTransition, refusal } from './request-state-machine';

export interface CompleteRequestInput {
  projectId: number;
  requestId: number;
  actor: RequestActor & { id: number; role: Role };
  notes?: string;
}

/**
 * Completes an assigned or in-progress request, recording who completed it. Only its assignee
 * may, or a manager and above. The assignee's load drops, so their oldest capacity
 * reservation is handed to them in the same transaction.
 */
export async function completeRequest(ctx: AppContext, input: CompleteRequestInput): Promise<BonusRequest> {
  const now = ctx.clock.now();
  const changes = new PendingRequestChanges();
  const presented = await ctx.database.db.transaction(async (tx) => {
    const moved = await applyTransition(tx, 'complete', {
      projectId: input.projectId,
      requestId: input.requestId,
      now,
      set: { completedByUserId: input.actor.id, completedAt: now, completionNotes: input.notes ?? null },
      guard: can(input.actor.role, 'request:manage-any') ? undefined : eq(bonusRequests.assignedUserId, input.actor.id),
    });
    if (!moved) throw await refusal(tx, 'complete', { ...input, actorId: input.actor.id });
    const details = { assignee: moved.previousAssigneeId, notes: input.notes ?? null };
    await recordRequestEvents(tx, [
      {
        requestId: input.requestId,
        projectId: input.projectId,
        type: 'completed',
        actor: input.actor,
        fromStatus: moved.fromStatus,
        toStatus: moved.toStatus,
        reason: input.notes ?? null,
        details,
        at: now,
      },
    ]);
    await auditRequestChange(tx, { actor: input.actor, action: 'COMPLETE_BONUS_REQUEST', projectId: input.projectId, requestId: input.requestId, details });
    changes.add(SOCKET_EVENTS.requestCompleted, input.requestId);
    if (moved.previousAssigneeId !== null) {
      await handOverReservations(tx, {
        projectId: input.projectId,
        userId: moved.previousAssigneeId,
        now,
        cause: { actor: input.actor, requestId: input.requestId, action: 'complete' },
        changes,
      });
    }
    return changes.present(tx);
  });
  publishRequestChanges(ctx, presented);
  return presented[0]!.request;
}
