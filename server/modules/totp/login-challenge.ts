import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { TOTP, type TotpChallenge } from '@common/schemas/totp';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { loginChallenges } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/secrets';

/**
 * The password was right and 2FA is on: instead of tokens, a challenge for the second step.
 * 256 random bits, stored only as a hash, bound to the user, valid for five minutes.
 */
export type { TotpChallenge };

export async function issueLoginChallenge(ctx: AppContext, tx: DbOrTx, userId: number): Promise<TotpChallenge> {
  const now = ctx.clock.now();
  const challenge = randomToken();
  // Old challenges of anybody are of no use: they go as new ones come.
  await tx.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date(now.getTime() - 3_600_000)));
  await tx.insert(loginChallenges).values({
    tokenHash: sha256(challenge),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOTP.challengeTtlSeconds * 1000),
  });
  return { totpRequired: true, challenge };
}

/** The user a live, unspent challenge belongs to, or null (unknown, expired or spent). */
export async function challengeOwner(ctx: AppContext, db: DbOrTx, challenge: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, sha256(challenge)), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, ctx.clock.now())))
    .limit(1);
  return row?.userId ?? null;
}

/** Spends the challenge in one conditional statement: true for the one call that did. */
export async function spendChallenge(ctx: AppContext, tx: DbOrTx, challenge: string): Promise<boolean> {
  const now = ctx.clock.now();
  const spent = await tx
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.tokenHash, sha256(challenge)), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)))
    .returning({ userId: loginChallenges.userId });
  return spent.length === 1;
}
