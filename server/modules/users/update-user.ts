import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { userUpdateBody, type User } from '@common/schemas/users';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { forbidden } from '../../lib/errors';
import { USER_MESSAGES } from '@common/schemas/users';
import type { ActorContext } from '../../policies/actor';
import { diffFields, writeAudit } from '../audit';
import { revokeUserSessions } from '../sessions';
import { presentUser } from './present-user';
import { projectsOfUsers, setMemberships } from './user-memberships';
import { assertNotLastSuperAdmin, assertRoleChange, assertUsernameFree, loadManageableUser, usernameTaken } from './user-policy';

/**
 * Edits a user (the users screen's modal). A role change or deactivation ends the
 * user's sessions at once; memberships change only within the actor's projects.
 */
export async function updateUser({ ctx, actor, ipAddress }: ActorContext, { id, ...input }: { id: number } & z.output<typeof userUpdateBody>): Promise<User> {
  const db = ctx.database.db;
  let lostProjects: number[] = [];
  let user: User;
  try {
    user = await db.transaction(async (tx) => {
      const target = await loadManageableUser(tx, actor, id);
      const before = target.row;
      assertRoleChange(actor, before, input.role);
      if (before.id === actor.id && !input.isActive) throw forbidden(USER_MESSAGES.selfDeactivate);
      await assertNotLastSuperAdmin(tx, before, { role: input.role, isActive: input.isActive });
      if (input.username.toLowerCase() !== before.username.toLowerCase()) await assertUsernameFree(tx, input.username, id);

      const next = {
        username: input.username,
        fullName: input.fullName,
        email: input.email,
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        role: input.role,
        isActive: input.isActive,
      };
      const changes = diffFields(before, next);
      const [row] = await tx
        .update(users)
        .set({ ...next, updatedAt: ctx.clock.now() })
        .where(eq(users.id, id))
        .returning();
      const memberships = input.projectIds
        ? await setMemberships(tx, id, input.projectIds, target.actorScope)
        : { added: [], removed: [], before: target.projectIds, after: target.projectIds };
      lostProjects = memberships.removed;

      const roleChanged = before.role !== row!.role;
      const deactivated = before.isActive && !row!.isActive;
      await writeAudit(tx, {
        actor: actor,
        action: roleChanged ? 'UPDATE_USER_ROLE' : 'UPDATE_USER',
        resourceId: id,
        severity: roleChanged || deactivated ? 'high' : 'medium',
        details: {
          username: row!.username,
          changes,
          projectsAdded: memberships.added,
          projectsRemoved: memberships.removed,
          // Every project that held or holds the user sees this row in its audit log.
          projectIds: [...new Set([...memberships.before, ...memberships.after])],
        },
        ipAddress,
      });
      if (roleChanged || deactivated) await revokeUserSessions(ctx, id, roleChanged ? 'role_changed' : 'user_deactivated', tx);
      const projects = await projectsOfUsers(tx, [id], target.actorScope);
      return presentUser(row!, projects.get(id) ?? []);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  // Committed: the sockets of the projects the user lost leave those rooms now, on every instance.
  await leaveLostProjects(ctx, id, lostProjects);
  return user;
}

/** A user no longer in these projects stops hearing them at once (their sockets there close). */
export async function leaveLostProjects(ctx: ActorContext['ctx'], userId: number, projectIds: number[]): Promise<void> {
  for (const projectId of projectIds) await ctx.realtime.disconnectUserFromProject(userId, projectId);
  if (projectIds.length) ctx.events.publish('membershipsEnded', { userId, projectIds });
}
