import { eq } from 'drizzle-orm';
import type { Role } from '@common/enums';
import { can } from '@common/permissions';
import type { BonusRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { bonusRequests } from '../../db/schema';
import { releaseRequest } from './release-request';
import type { RequestActor } from './request-changes';

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
export function completeRequest(ctx: AppContext, input: CompleteRequestInput): Promise<BonusRequest> {
  return releaseRequest(ctx, input, {
    action: 'complete',
    set: (now) => ({ completedByUserId: input.actor.id, completedAt: now, completionNotes: input.notes ?? null }),
    guard: can(input.actor.role, 'request:manage-any') ? undefined : eq(bonusRequests.assignedUserId, input.actor.id),
    event: { type: 'completed', reason: input.notes ?? null, details: (moved) => ({ assignee: moved.previousAssigneeId, notes: input.notes ?? null }) },
    auditAction: 'COMPLETE_BONUS_REQUEST',
    socketEvent: SOCKET_EVENTS.requestCompleted,
  });
}
