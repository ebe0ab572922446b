import { DEFAULT_REQUEUE_REASON } from '@common/request-transitions';
import type { ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { ActorContext } from '../../policies/actor';
import { requestGuard } from '../../policies/request-policy';
import { moveOneRequest } from './move-one-request';

export interface RequeueRequestInput {
  projectId: number;
  requestId: number;
  reason?: string;
}

/**
 * Puts an active or problem request back in the queue, clearing its assignee. The former
 * assignee's load drops, so their oldest capacity reservation is handed to them. Without
 * 'request:requeue' (an agent) only one's own request may be put back (a mis-claim).
 */
export function requeueRequest(scope: ActorContext, input: RequeueRequestInput): Promise<ViewedRequest> {
  const { actor } = scope;
  const reason = input.reason ?? DEFAULT_REQUEUE_REASON;
  return moveOneRequest(scope, input, {
    action: 'requeue',
    reason,
    guard: requestGuard('requeue', actor),
    event: { type: 'requeued', details: (moved) => ({ previousAssignee: moved.previousAssigneeId, reason }) },
    auditAction: 'REQUEUE_BONUS_REQUEST',
    socketEvent: SOCKET_EVENTS.requestUpdated,
  });
}
