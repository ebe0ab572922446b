import type { ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { ActorContext } from '../../policies/actor';
import { requestGuard } from '../../policies/request-policy';
import { moveOneRequest } from './move-one-request';

export interface ApprovalDecisionInput {
  projectId: number;
  requestId: number;
}

/**
 * Four eyes: a second person (a manager and above of the project, never the one who asked)
 * approves a completion that waited for approval. It is completed in the name of the person who
 * asked; who approved and when are recorded. Two approvers at once: the conditional move lets one
 * win, the other hears who did (409 ALREADY_DECIDED).
 */
export function approveRequest(scope: ActorContext, input: ApprovalDecisionInput): Promise<ViewedRequest> {
  return moveOneRequest(scope, input, {
    action: 'approve',
    reason: null,
    guard: requestGuard('approve', scope.actor),
    event: { type: 'approved', details: (moved) => ({ askedBy: moved.previousAssigneeId }) },
    auditAction: 'APPROVE_BONUS_REQUEST',
    socketEvent: SOCKET_EVENTS.requestCompleted,
  });
}

/** Sends a completion that waited for approval back to the person who asked, in progress, with the reason. */
export function rejectRequest(scope: ActorContext, input: ApprovalDecisionInput & { reason: string }): Promise<ViewedRequest> {
  return moveOneRequest(scope, input, {
    action: 'reject',
    reason: input.reason,
    guard: requestGuard('reject', scope.actor),
    event: { type: 'rejected', details: (moved) => ({ askedBy: moved.previousAssigneeId, reason: input.reason }) },
    auditAction: 'REJECT_BONUS_REQUEST',
    socketEvent: SOCKET_EVENTS.requestUpdated,
  });
}
