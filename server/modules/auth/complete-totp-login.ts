import { eq } from 'drizzle-orm';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { writeAudit } from '../audit';
import { accountLocked, completeSignIn, type SignedIn } from './login';
import { acceptSecondFactor, challengeOwner, countCodeAttempt, spendChallenge } from '../totp';

export interface TotpLoginInput {
  challenge: string;
  code: string;
  ipAddress: string | null;
  userAgent: string | null;
}

const challengeExpired = () => unauthorized(TOTP_MESSAGES.challengeExpired, 'CHALLENGE_EXPIRED');
const codeRefused = () => unauthorized(TOTP_MESSAGES.verifyFailed);
class WrongCode extends Error {}

/**
 * The login's second step: a live challenge and a current code (or an unused backup code)
 * open the session. Wrong codes count toward the same lockout as wrong passwords; the
 * challenge is spent only by a success, in the same transaction that opens the session.
 */
export async function completeTotpLogin(ctx: AppContext, input: TotpLoginInput): Promise<SignedIn> {
  const db = ctx.database.db;
  const userId = await challengeOwner(ctx, db, input.challenge);
  if (userId === null) throw challengeExpired();

  const attempt = await countCodeAttempt(ctx, userId);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !attempt.counted || !user.isActive || !user.totpEnabled) {
    await writeAudit(db, {
      actor: { id: userId, username: user?.username ?? null },
      action: 'FAILED_LOGIN',
      severity: attempt.counted ? 'medium' : 'high',
      details: { reason: !attempt.counted ? 'locked' : !user?.isActive ? 'inactive' : 'totp_off', step: 'totp' },
      ipAddress: input.ipAddress,
    });
    // Whoever holds a live challenge knew the password: a locked account is told so, and until when.
    if (!attempt.counted && user?.lockedUntil && user.lockedUntil > ctx.clock.now()) throw accountLocked(ctx, user.lockedUntil);
    throw codeRefused();
  }

  try {
    return await db.transaction(async (tx) => {
      if (!(await spendChallenge(ctx, tx, input.challenge))) throw challengeExpired();
      const factor = await acceptSecondFactor(ctx, tx, user, input.code, { allowBackup: true });
      if (!factor) throw new WrongCode();
      const signedIn = await completeSignIn(ctx, tx, user, input, { secondFactor: factor === 'backup' ? 'yedek kod' : 'doğrulama kodu' });
      if (factor === 'backup') {
        await writeAudit(tx, { actor: { id: user.id, username: user.username }, action: 'TOTP_BACKUP_CODE_USED', resourceId: user.id, ipAddress: input.ipAddress });
      }
      return signedIn;
    });
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
    await writeAudit(db, {
      actor: { id: user.id, username: user.username },
      action: 'TOTP_CODE_FAILED',
      resourceId: user.id,
      ipAddress: input.ipAddress,
      severity: attempt.lockedNow ? 'high' : 'medium',
      details: { step: 'login', lockedNow: attempt.lockedNow },
    });
    // The guess that used the last try says so at once, rather than a plain 'wrong code'.
    throw attempt.lockedUntil ? accountLocked(ctx, attempt.lockedUntil) : codeRefused();
  }
}
