import { eq } from 'drizzle-orm';
import { USER_MESSAGES } from '@common/schemas/users';
import { users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../sessions';
import { generateOneTimePassword } from './generate-password';
import { loadManageableUser } from './user-policy';

/**
 * Replaces a user's password with a generated one-time password, returned once, that must
 * be changed at the next sign-in. Every session of the user ends at once.
 */
export async function resetUserPassword({ ctx, actor, ipAddress }: ActorContext, { id }: { id: number }): Promise<string> {
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  await ctx.database.db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, id);
    if (target.row.id === actor.id) throw forbidden(USER_MESSAGES.selfReset);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, failedLoginCount: 0, lockedUntil: null, updatedAt: ctx.clock.now() })
      .where(eq(users.id, id));
    await writeAudit(tx, {
      actor: actor,
      action: 'RESET_PASSWORD',
      resourceId: id,
      details: { username: target.row.username, projectIds: target.projectIds },
      ipAddress,
    });
    await revokeUserSessions(ctx, id, 'password_reset', tx);
  });
  return oneTimePassword;
}
