import { AUTH_MESSAGES } from '@common/schemas/auth';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { writeAudit } from '../audit';
import { revokeSessions, rotateRefreshToken, sessionUnknown } from '../sessions';

/**
 * Trades a refresh token for a new pair. A spent token presented again (after the grace
 * period) means it leaked: that whole session ends and the reuse is audited as critical.
 */
export async function refreshSession(ctx: AppContext, input: { refreshToken: string; ipAddress: string | null }): Promise<{ accessToken: string; refreshToken: string }> {
  const outcome = await rotateRefreshToken(ctx, input.refreshToken);
  if (outcome.kind === 'rotated') return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken };
  if (outcome.kind === 'reused') {
    await ctx.database.db.transaction(async (tx) => {
      await revokeSessions(ctx, [outcome.sessionId], 'refresh_token_reuse', tx);
      await writeAudit(tx, {
        actor: { id: outcome.userId || null, username: null },
        action: 'TOKEN_REUSE_DETECTED',
        resourceId: outcome.sessionId,
        details: { note: 'Harcanmış yenileme anahtarı tekrar kullanıldı; oturum sonlandırıldı' },
        ipAddress: input.ipAddress,
      });
    });
    throw sessionUnknown();
  }
  throw unauthorized(AUTH_MESSAGES.refreshFailed);
}
