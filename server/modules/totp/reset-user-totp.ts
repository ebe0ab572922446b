import { TOTP_MESSAGES } from '@common/schemas/totp';
import { forbidden } from '../../lib/errors';
import { mayResetTotpOf } from '../../policies/user-policy';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { revokeUserSessions } from '../sessions';
import { loadManageableUser } from '../users';
import { clearTotp } from './manage-totp';

/**
 * Lost device: a super admin (or an admin, for users below them in the same projects) turns
 * another user's 2FA off with a reason. Every session of that user ends at once.
 */
export async function resetUserTotp(scope: ActorContext, { userId, reason }: { userId: number; reason: string }): Promise<void> {
  const { ctx, actor } = scope;
  await ctx.database.db.transaction(async (tx) => {
    const target = await loadManageableUser(tx, actor, userId);
    if (target.row.id === actor.id) throw forbidden(TOTP_MESSAGES.selfReset);
    if (!mayResetTotpOf(actor, target.row)) throw forbidden();
    await clearTotp(tx, userId, ctx.clock.now());
    await writeAudit(tx, {
      actor,
      action: 'TOTP_RESET',
      resourceId: userId,
      ipAddress: scope.ipAddress,
      details: { username: target.row.username, reason, wasEnabled: target.row.totpEnabled },
    });
    await revokeUserSessions(ctx, userId, 'totp_reset', tx);
  });
}
