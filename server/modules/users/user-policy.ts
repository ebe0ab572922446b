import { and, asc, eq, ne } from 'drizzle-orm';
import { assignableRoles } from '@common/permissions';
import type { Role } from '@common/enums';
import { USER_MESSAGES } from '@common/schemas/users';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { usernameIs } from '../../lib/username';
import type { AuthUser } from '../../policies/auth-context';
import { reachesRole, userAbilities } from '../../policies/user-policy';
import type { ListedUser } from '@common/schemas/users';
import { presentUser, type UserRow } from './present-user';
import { projectsOfUsers } from './user-memberships';
import { membershipIds, projectScopeOf, type ProjectScope } from './user-memberships';

export type { UserRow };
export interface TargetUser {
  row: UserRow;
  projectIds: number[];
  actorScope: ProjectScope;
}

/**
 * The user an actor asks about. Outside super_admin, a user is visible only when they
 * share a project with the actor; anyone else answers 404 like a missing user.
 */
export async function loadVisibleUser(db: DbOrTx, actor: AuthUser, targetId: number): Promise<TargetUser> {
  const [row] = await db.select().from(users).where(eq(users.id, targetId));
  if (!row) throw notFound(USER_MESSAGES.notFound);
  const actorScope = await projectScopeOf(db, actor);
  const projectIds = await membershipIds(db, targetId);
  if (actorScope !== 'all' && row.id !== actor.id && !projectIds.some((id) => actorScope.includes(id))) {
    throw notFound(USER_MESSAGES.notFound);
  }
  return { row, projectIds, actorScope };
}

/**
 * A change to a user's account is global (role, active flag, password, the account itself):
 * nobody acts on a higher role, and outside super_admin every project of the target must be
 * one of the actor's, so an admin of one project cannot reach into another.
 */
export async function loadManageableUser(db: DbOrTx, actor: AuthUser, targetId: number): Promise<TargetUser> {
  const target = await loadVisibleUser(db, actor, targetId);
  if (!reachesRole(actor, target.row)) throw forbidden(USER_MESSAGES.higherRole);
  if (outsideScope(target)) throw forbidden(USER_MESSAGES.outsideProjects);
  return target;
}

const outsideScope = (target: TargetUser) => {
  const scope = target.actorScope;
  return scope !== 'all' && target.projectIds.some((id) => !scope.includes(id));
};

/** GET /api/users/:id: the user as the caller may see them, with the caller's abilities on them. */
export async function getVisibleUser(db: DbOrTx, actor: AuthUser, targetId: number): Promise<ListedUser> {
  const target = await loadVisibleUser(db, actor, targetId);
  const projects = await projectsOfUsers(db, [target.row.id], target.actorScope);
  return {
    ...presentUser(target.row, projects.get(target.row.id) ?? []),
    abilities: userAbilities(actor, { ...target.row, outsideActorProjects: outsideScope(target) }),
  };
}

/** Nobody changes their own role; a new role is never above the actor's (only super_admin makes super_admins). */
export function assertRoleChange(actor: AuthUser, target: UserRow | null, role: Role): void {
  if (target && target.role === role) return;
  if (target && target.id === actor.id) throw forbidden(USER_MESSAGES.selfRole);
  if (!assignableRoles(actor.role).includes(role)) throw forbidden(USER_MESSAGES.roleNotAssignable);
}

/**
 * Refuses to delete, deactivate or demote the last active super_admin. Every active
 * super_admin row is locked in id order, so two such changes at once (even on two
 * different super_admins) run one after the other and the second sees the first.
 */
export async function assertNotLastSuperAdmin(tx: DbOrTx, target: UserRow, change: { role?: Role; isActive?: boolean; deleting?: boolean }) {
  if (target.role !== 'super_admin' || !target.isActive) return;
  const losesIt = change.deleting || change.isActive === false || (change.role !== undefined && change.role !== 'super_admin');
  if (!losesIt) return;
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  if (!active.some((u) => u.id !== target.id)) throw conflict(USER_MESSAGES.lastSuperAdmin);
}

export async function assertUsernameFree(db: DbOrTx, username: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(usernameIs(username), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw usernameTaken();
}

export const usernameTaken = () => new AppError('CONFLICT', USER_MESSAGES.usernameTaken, { username: USER_MESSAGES.usernameTaken });
