import { ACTIVE_STATUSES, type Role } from '@common/enums';
import { can } from '@common/permissions';
import { canTransition } from '@common/request-transitions';
import type { BonusRequest } from '@common/schemas/bonus';

export interface Caller {
  id: number;
  role: Role;
}

/**
 * Which actions to offer on a request: the state machine allows the move and the caller's
 * role (and, for completing, ownership) allows the action. The server checks both again.
 */
export function requestAbilities(request: Pick<BonusRequest, 'status' | 'agentId' | 'reservedForUserId'>, caller: Caller | null) {
  if (!caller) return { claim: false, complete: false, requeue: false };
  const reservedForOther = request.reservedForUserId !== null && request.reservedForUserId !== caller.id;
  return {
    claim: can(caller.role, 'request:claim') && canTransition('assign', request.status) && !reservedForOther,
    complete:
      can(caller.role, 'request:complete') &&
      canTransition('complete', request.status) &&
      (request.agentId === caller.id || can(caller.role, 'request:manage-any')),
    // Anyone with 'request:requeue'; an agent only their own request (a mis-claim).
    requeue:
      canTransition('requeue', request.status) &&
      (can(caller.role, 'request:requeue') || (can(caller.role, 'request:requeue-own') && request.agentId === caller.id)),
  };
}

export function isActive(request: Pick<BonusRequest, 'status'>): boolean {
  return ACTIVE_STATUSES.includes(request.status);
}
