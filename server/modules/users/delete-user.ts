import { eq } from 'drizzle-orm';
import { USER_MESSAGES } from '@common/schemas/users';
import { users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../sessions';
import { assertNotLastSuperAdmin, loadManageableUser } from './user-policy';

/** Deletes a user; their requests keep their history (foreign keys set null), their sessions end. */
export async function deleteUser({ ctx, actor, ipAddress }: ActorContext, { id }: { id: number }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, id);
    if (target.row.id === actor.id) throw forbidden(USER_MESSAGES.selfDelete);
    await assertNotLastSuperAdmin(tx, target.row, { deleting: true });
    await revokeUserSessions(ctx, id, 'user_deleted', tx);
    await tx.delete(users).where(eq(users.id, id));
    await writeAudit(tx, {
      actor: actor,
      action: 'DELETE_USER',
      resourceId: id,
      details: { username: target.row.username, fullName: target.row.fullName, role: target.row.role, projectIds: target.projectIds },
      ipAddress,
    });
  });
}
