import { ROLE_RANK, type Role } from '@common/enums';
import { can, outranksOrEquals } from '@common/permissions';
import type { UserAbilities } from '@common/schemas/users';
import type { Caller } from './actor';

/**
 * Who may act on a user account — the one place these rules are written. The user services
 * enforce them (modules/users/user-policy.ts, with a Turkish message per refusal), and every
 * user the API lists carries the caller's `abilities` computed here, so the screens show a
 * button exactly where the server would accept the action.
 */

export interface PolicyTarget {
  id: number;
  role: Role;
  /** The target belongs to a project the actor is not in (always false for super_admin). */
  outsideActorProjects: boolean;
}

/** Nobody acts on a higher role. */
export const reachesRole = (actor: Caller, target: Pick<PolicyTarget, 'role'>) => outranksOrEquals(actor.role, target.role);

/** Lost device: a super admin resets anyone's 2FA, an admin only of users below them. */
export const mayResetTotpOf = (actor: Caller, target: Pick<PolicyTarget, 'role'>) =>
  actor.role === 'super_admin' || ROLE_RANK[target.role] < ROLE_RANK[actor.role];

/**
 * A change to an account is global (role, active flag, password, the account itself), so
 * it needs 'user:manage', a role at least the target's and every project of the target among
 * the actor's; nobody changes their own role, active flag or password this way, nor deletes
 * themselves.
 */
export function userAbilities(actor: Caller, target: PolicyTarget): UserAbilities {
  const manage = can(actor.role, 'user:manage') && reachesRole(actor, target) && !target.outsideActorProjects;
  const other = manage && actor.id !== target.id;
  return {
    edit: manage,
    changeRole: other,
    toggle: other,
    resetPassword: other,
    delete: other,
    resetTotp: other && mayResetTotpOf(actor, target),
  };
}
