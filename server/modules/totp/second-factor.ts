import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { BACKUP_CODE_PATTERN } from '@common/schemas/totp';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { decryptSecret } from '../../lib/secrets';
import { consumeBackupCode } from './backup-codes';
import { checkTotpCode } from './totp-code';

export type SecondFactor = 'totp' | 'backup' | null;

interface TotpUser {
  id: number;
  totpSecretEnc: string | null;
  totpLastStep: number | null;
}

/**
 * Checks a six-digit code against the user's secret and claims its step: the last used step
 * moves forward in one conditional statement, so a step is accepted once, even by two
 * requests at the same moment, and never an older one (replay).
 */
export async function acceptTotpCode(ctx: AppContext, db: DbOrTx, user: TotpUser, code: string): Promise<boolean> {
  if (!user.totpSecretEnc) return false;
  const secret = decryptSecret(user.totpSecretEnc, ctx.keys.encryption);
  const check = await checkTotpCode(secret, code, ctx.clock.now(), user.totpLastStep);
  if (!check.valid) return false;
  const claimed = await db
    .update(users)
    .set({ totpLastStep: check.step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, check.step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** A current code or, where allowed, an unused backup code (spent by this call). */
export async function acceptSecondFactor(
  ctx: AppContext,
  db: DbOrTx,
  user: TotpUser,
  code: string,
  { allowBackup }: { allowBackup: boolean },
): Promise<SecondFactor> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return (await acceptTotpCode(ctx, db, user, trimmed)) ? 'totp' : null;
  if (allowBackup && BACKUP_CODE_PATTERN.test(trimmed)) {
    return (await consumeBackupCode(db, user.id, trimmed, ctx.keys.encryption, ctx.clock.now())) ? 'backup' : null;
  }
  return null;
}
