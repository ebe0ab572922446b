import { eq, sql } from 'drizzle-orm';
import { LOGIN_MESSAGES, type LoginResponse, type SessionUser } from '@common/schemas/auth';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { systemSettings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { burnPasswordTime, verifyPassword } from '../../lib/passwords';
import { issueLoginChallenge, type TotpChallenge } from '../totp/login-challenge';
import { writeAudit } from '../audit/write-audit';
import { listProjectSummaries } from '../projects/project-access';
import { openSession } from './sessions';

export interface LoginInput {
  username: string;
  password: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Every refusal looks the same: unknown user, wrong password, locked or inactive account. */
const loginFailed = () => new AppError('UNAUTHORIZED', LOGIN_MESSAGES.failed);

export async function sessionUserOf(db: DbOrTx, user: typeof users.$inferSelect): Promise<SessionUser> {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    projects: await listProjectSummaries(db, user),
  };
}

export async function login(ctx: AppContext, input: LoginInput): Promise<LoginResponse | TotpChallenge> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);

  const failedAudit = (tx: DbOrTx, reason: string, userId: number | null) =>
    writeAudit(tx, {
      actor: { id: userId, username: user?.username ?? input.username.slice(0, 64) },
      action: 'FAILED_LOGIN',
      resource: 'auth',
      severity: reason === 'locked' ? 'high' : 'medium',
      category: 'auth',
      details: { reason },
      ipAddress: input.ipAddress,
    });

  if (!user) {
    await burnPasswordTime(input.password);
    await failedAudit(db, 'unknown_user', null);
    throw loginFailed();
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  const locked = user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();
  if (locked || !user.isActive) {
    await failedAudit(db, locked ? 'locked' : 'inactive', user.id);
    throw loginFailed();
  }

  if (!passwordOk) {
    const [settings] = await db.select({ max: systemSettings.maxLoginAttempts }).from(systemSettings).limit(1);
    const maxAttempts = settings?.max ?? 5;
    await db.transaction(async (tx) => {
      // Counted in the database so concurrent failures cannot lose an increment.
      const [counted] = await tx
        .update(users)
        .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
        .where(eq(users.id, user.id))
        .returning({ count: users.failedLoginCount });
      if ((counted?.count ?? 0) >= maxAttempts) {
        await tx
          .update(users)
          .set({ lockedUntil: new Date(now.getTime() + ctx.config.LOGIN_LOCK_MINUTES * 60_000), failedLoginCount: 0 })
          .where(eq(users.id, user.id));
        await failedAudit(tx, 'locked_now', user.id);
      } else {
        await failedAudit(tx, 'wrong_password', user.id);
      }
    });
    throw loginFailed();
  }

  return db.transaction(async (tx) => {
    // 2FA on: no tokens yet, and the failure count stays until the second step succeeds.
    if (user.totpEnabled) return issueLoginChallenge(ctx, tx, user.id);
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
  details?: Record<string, unknown>,
): Promise<LoginResponse> {
  await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: ctx.clock.now() }).where(eq(users.id, user.id));
  const session = await openSession(ctx, tx, { userId: user.id, ipAddress: from.ipAddress, userAgent: from.userAgent });
  await writeAudit(tx, {
    actor: { id: user.id, username: user.username },
    action: 'LOGIN',
    resource: 'session',
    resourceId: session.sessionId,
    severity: 'low',
    category: 'auth',
    details,
    ipAddress: from.ipAddress,
  });
  return {
    tokens: { accessToken: session.accessToken, refreshToken: session.refreshToken },
    user: await sessionUserOf(tx, user),
  };
}
