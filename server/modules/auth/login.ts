import { eq } from 'drizzle-orm';
import { LOGIN_MESSAGES, type LoginResponse, type SessionUser } from '@common/schemas/auth';
import { accountLockedMessage } from '@common/login-messages';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { burnPasswordTime, verifyPassword } from '../../lib/passwords';
import { issueLoginChallenge, type TotpChallenge } from '../totp';
import { writeAudit } from '../audit';
import type { AuditDetails } from '@common/audit-catalogue';
import { listProjectSummaries, listWorkProjectIds } from '../projects';
import { screenAbilities } from '../../policies/screen-abilities';
import { releaseLoginAttempt, reserveLoginAttempt } from '../sessions';
import { openSession, sessionUnknown } from '../sessions';

export interface LoginInput {
  username: string;
  password: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Every refusal looks the same: unknown user, wrong password, locked or inactive account. */
const loginFailed = () => new AppError('UNAUTHORIZED', LOGIN_MESSAGES.failed);

/**
 * A locked name is told so, and until when. Unknown names are counted and locked the same way
 * (login-attempts.ts), so this answer says nothing about whether the account exists.
 */
export const accountLocked = (ctx: AppContext, until: Date) => new AppError('ACCOUNT_LOCKED', accountLockedMessage(until, ctx.clock.now()));

/** The session user of the login and /api/auth/me answers, with the abilities the web app shows screens and buttons by. */
export async function sessionUserOf(db: DbOrTx, user: typeof users.$inferSelect): Promise<SessionUser> {
  // One after the other: `db` may be the sign-in's transaction.
  const projects = await listProjectSummaries(db, user);
  const workProjectIds = await listWorkProjectIds(db, user);
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    projects,
    abilities: screenAbilities(user.role, workProjectIds),
  };
}

/** The signed-in user as stored now (GET /api/auth/me); a user deleted meanwhile ends the session. */
export async function readSessionUser(db: DbOrTx, userId: number): Promise<SessionUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw sessionUnknown();
  return sessionUserOf(db, user);
}

/** A finished sign-in: the JSON answer, and the refresh token the route puts in its HttpOnly cookie. */
export interface SignedIn {
  answer: LoginResponse;
  refreshToken: string;
}

export async function login(ctx: AppContext, input: LoginInput): Promise<SignedIn | TotpChallenge> {
  const db = ctx.database.db;
  // Counted before the password is checked: however many guesses arrive at once, no more than
  // maxLoginAttempts of them are ever checked (login-attempts.ts).
  const attempt = await reserveLoginAttempt(ctx, { username: input.username });
  const [found] = await db.select().from(users).where(eq(users.id, attempt.userId ?? 0));
  // A locked account's password is never checked.
  const user = attempt.counted ? found : undefined;

  // Every path costs the same: one counting statement, one argon2 verification with the same
  // parameters (a dummy hash when there is nothing to check), one row read, one audit row.
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordTime(input.password), false);
  if (!user || !passwordOk || !user.isActive) {
    const reason = !attempt.userId ? 'unknown_user' : !attempt.counted ? 'locked' : !user?.isActive && passwordOk ? 'inactive' : attempt.lockedNow ? 'locked_now' : 'wrong_password';
    await writeAudit(db, {
      actor: { id: attempt.userId, username: found?.username ?? input.username.slice(0, 64) },
      action: 'FAILED_LOGIN',
      severity: reason === 'locked' || reason === 'locked_now' ? 'high' : 'medium',
      details: { reason },
      ipAddress: input.ipAddress,
    });
    throw attempt.lockedUntil ? accountLocked(ctx, attempt.lockedUntil) : loginFailed();
  }

  return db.transaction(async (tx) => {
    if (user.totpEnabled) {
      // 2FA on: no tokens yet. The right password gives its counted attempt back (an abandoned
      // code step is no failure); the challenge is audited, so abandoned ones can be seen.
      await releaseLoginAttempt(ctx, tx, user.id, attempt);
      await writeAudit(tx, { actor: { id: user.id, username: user.username }, action: 'TOTP_CHALLENGE_ISSUED', resourceId: user.id, ipAddress: input.ipAddress });
      return issueLoginChallenge(ctx, tx, user.id);
    }
    return completeSignIn(ctx, tx, user, input);
  });
}

/**
 * The end of every successful sign-in (one step, or the second step of 2FA): the failure
 * count and lock are cleared, a session opens, and the LOGIN row is written, in `tx`.
 */
export async function completeSignIn(
  ctx: AppContext,
  tx: DbOrTx,
  user: typeof users.$inferSelect,
  from: Pick<LoginInput, 'ipAddress' | 'userAgent'>,
  details?: AuditDetails<'LOGIN'>,
): Promise<SignedIn> {
  await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: ctx.clock.now() }).where(eq(users.id, user.id));
  const session = await openSession(ctx, tx, { userId: user.id, ipAddress: from.ipAddress, userAgent: from.userAgent });
  await writeAudit(tx, {
    actor: { id: user.id, username: user.username },
    action: 'LOGIN',
    resourceId: session.sessionId,
    details,
    ipAddress: from.ipAddress,
  });
  return {
    answer: { tokens: { accessToken: session.accessToken }, user: await sessionUserOf(tx, user) },
    refreshToken: session.refreshToken,
  };
}
