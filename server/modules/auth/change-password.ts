import { eq } from 'drizzle-orm';
import { PASSWORD_MESSAGES } from '@common/schemas/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { burnPasswordTime, hashPassword, verifyPassword } from '../../lib/passwords';
import { writeAudit } from '../audit';
import { reserveLoginAttempt } from '../sessions';
import { revokeUserSessions, sessionUnknown, type AuthContext } from '../sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  ipAddress: string | null;
}

/**
 * The signed-in user's own password. A wrong current password counts toward the sign-in
 * lockout like a failed sign-in; on success every other session of the user ends.
 */
export async function changeOwnPassword(ctx: AppContext, auth: AuthContext, input: ChangePasswordInput): Promise<void> {
  const db = ctx.database.db;
  if (input.currentPassword === input.newPassword) {
    throw new AppError('VALIDATION_FAILED', PASSWORD_MESSAGES.sameAsCurrent, { newPassword: PASSWORD_MESSAGES.sameAsCurrent });
  }
  // A guess at the current password counts toward the sign-in lockout, before it is checked.
  const attempt = await reserveLoginAttempt(ctx, { userId: auth.user.id });
  const [user] = await db.select().from(users).where(eq(users.id, auth.user.id));
  if (!user) throw sessionUnknown();
  const currentOk = attempt.counted ? await verifyPassword(user.passwordHash, input.currentPassword) : (await burnPasswordTime(input.currentPassword), false);
  if (!currentOk) {
    await writeAudit(db, {
      actor: { id: user.id, username: user.username },
      action: 'FAILED_LOGIN',
      severity: attempt.counted && !attempt.lockedNow ? 'medium' : 'high',
      details: { reason: !attempt.counted ? 'locked' : attempt.lockedNow ? 'locked_now' : 'wrong_current_password' },
      ipAddress: input.ipAddress,
    });
    throw validationError({ currentPassword: PASSWORD_MESSAGES.wrongCurrent }, PASSWORD_MESSAGES.wrongCurrent);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false, failedLoginCount: 0, lockedUntil: null, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    await writeAudit(tx, {
      actor: { id: user.id, username: user.username },
      action: 'CHANGE_PASSWORD',
      resourceId: user.id,
      ipAddress: input.ipAddress,
    });
    // Every other sign-in ends; this one stays.
    await revokeUserSessions(ctx, user.id, 'password_changed', tx, auth.sessionId);
  });
}
