import { eq } from 'drizzle-orm';
import type { Role } from '@common/enums';
import { USER_MESSAGES, type User } from '@common/schemas/users';
import { users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { diffFields, writeAudit } from '../audit';
import { revokeUserSessions } from '../sessions';
import { presentUser } from './present-user';
import { projectsOfUsers } from './user-memberships';
import { assertNotLastSuperAdmin, assertRoleChange, loadManageableUser } from './user-policy';

/**
 * Changes a user's role and/or active flag (role management, and the users screen's
 * activate/deactivate button). Either change ends the user's sessions at once.
 */
export async function changeUserAccess({ ctx, actor, ipAddress }: ActorContext, { id, ...change }: { id: number } & { role?: Role; isActive?: boolean }): Promise<User> {
  return ctx.database.db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, id);
    const before = target.row;
    if (change.role !== undefined) assertRoleChange(actor, before, change.role);
    if (before.id === actor.id && change.isActive === false) throw forbidden(USER_MESSAGES.selfDeactivate);
    await assertNotLastSuperAdmin(tx, before, change);

    const changes = diffFields(before, change);
    const [row] = await tx
      .update(users)
      .set({ ...change, updatedAt: ctx.clock.now() })
      .where(eq(users.id, id))
      .returning();
    const roleChanged = before.role !== row!.role;
    const deactivated = before.isActive && !row!.isActive;
    await writeAudit(tx, {
      actor: actor,
      action: change.role !== undefined ? 'UPDATE_USER_ROLE' : 'TOGGLE_USER',
      resourceId: id,
      severity: roleChanged || deactivated ? 'high' : 'medium',
      details: { username: row!.username, changes, projectIds: target.projectIds },
      ipAddress,
    });
    if (roleChanged || deactivated) await revokeUserSessions(ctx, id, roleChanged ? 'role_changed' : 'user_deactivated', tx);
    const projects = await projectsOfUsers(tx, [id], target.actorScope);
    return presentUser(row!, projects.get(id) ?? []);
  });
}
