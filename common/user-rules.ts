import { ROLE_RANK, type Role } from './enums';
import { assignableRoles, can, outranksOrEquals } from './permissions';

interface Person {
  id: number;
  role: Role;
}

/**
 * What the actor may do to another user, as the server decides it (the client uses it
 * to hide buttons; the server also checks that the user is within the actor's projects).
 */
export function userActionsFor(actor: Person, target: Person) {
  const manage = can(actor.role, 'user:manage') && outranksOrEquals(actor.role, target.role);
  const self = actor.id === target.id;
  return {
    edit: manage,
    changeRole: manage && !self,
    toggle: manage && !self,
    resetPassword: manage && !self,
    delete: manage && !self,
    /** Lost device: a super admin for anyone else, an admin for users below them. */
    resetTotp: manage && !self && (actor.role === 'super_admin' || ROLE_RANK[target.role] < ROLE_RANK[actor.role]),
  };
}

/** The roles a role select offers: the assignable ones, plus the user's current role so it stays shown. */
export function roleChoices(actor: Role, current?: Role): Role[] {
  const roles = assignableRoles(actor);
  return current && !roles.includes(current) ? [current, ...roles] : roles;
}
