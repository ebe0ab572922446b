import type { Role } from './enums';
import { assignableRoles } from './permissions';

/** The roles a role select offers: the assignable ones, plus the user's current role so it stays shown. */
export function roleChoices(actor: Role, current?: Role): Role[] {
  const roles = assignableRoles(actor);
  return current && !roles.includes(current) ? [current, ...roles] : roles;
}
