import { and, eq } from 'drizzle-orm';
import type { AuditDetails } from '@common/audit-catalogue';
import { TOTP_MESSAGES, type TotpSetup, type TotpStatus } from '@common/schemas/totp';
import type { DbOrTx } from '../../db/client';
import { totpBackupCodes, users } from '../../db/schema';
import { AppError, conflict, validationError } from '../../lib/errors';
import { burnPasswordTime, verifyPassword } from '../../lib/passwords';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { reserveLoginAttempt, revokeUserSessions, sessionUnknown } from '../sessions';
import { countUnusedBackupCodes, replaceBackupCodes } from './backup-codes';
import { countCodeAttempt } from './count-code-attempt';
import { acceptSecondFactor, acceptTotpCode } from './second-factor';
import { checkTotpCode, newTotpSecret, otpauthUri } from './totp-code';

const verifyFailed = (field = 'token') => new AppError('VALIDATION_FAILED', TOTP_MESSAGES.verifyFailed, { [field]: TOTP_MESSAGES.verifyFailed });

async function loadSelf(db: DbOrTx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw sessionUnknown();
  return user;
}

/** Records a wrong code from a signed-in user (enable, regenerate, disable); high when it locked the account. */
async function auditFailedCode(scope: ActorContext, step: AuditDetails<'TOTP_CODE_FAILED'>['step'], attempt: { counted: boolean; lockedNow: boolean }) {
  await writeAudit(scope.ctx.database.db, {
    actor: scope.actor,
    action: 'TOTP_CODE_FAILED',
    resourceId: scope.actor.id,
    ipAddress: scope.ipAddress,
    severity: attempt.counted && !attempt.lockedNow ? 'medium' : 'high',
    details: { step, lockedNow: attempt.lockedNow },
  });
}

/** The secret was proven (a right code, with the password where asked): the count and lock clear, as after a sign-in. */
async function clearAttempts(tx: DbOrTx, userId: number): Promise<void> {
  await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/**
 * Starts (or restarts) setup: a new secret, encrypted at rest and pending until a code proves
 * the app has it. 409 while 2FA is on: it must be disabled first.
 */
export async function startTotpSetup(scope: ActorContext): Promise<TotpSetup> {
  const { ctx, actor } = scope;
  const secret = newTotpSecret();
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ enabled: users.totpEnabled }).from(users).where(eq(users.id, actor.id)).for('update');
    if (!row) throw sessionUnknown();
    if (row.enabled) throw conflict(TOTP_MESSAGES.alreadyEnabled);
    await tx
      .update(users)
      .set({ totpSecretEnc: encryptSecret(secret, ctx.keys.encryption), totpLastStep: null, updatedAt: ctx.clock.now() })
      .where(eq(users.id, actor.id));
    await writeAudit(tx, { actor, action: 'TOTP_SETUP_STARTED', resourceId: actor.id, ipAddress: scope.ipAddress });
    return { qrCodeUrl: otpauthUri(secret, actor.username), manualEntryKey: secret };
  });
}

/**
 * Proves the pending secret with a code, turns 2FA on and returns ten backup codes, once. Every
 * other session of the user ends (one opened with the password alone must not outlive this); the
 * session that enabled it stays.
 */
export async function enableTotp(scope: ActorContext, { token, sessionId }: { token: string; sessionId: string }): Promise<string[]> {
  const { ctx, actor } = scope;
  const db = ctx.database.db;
  const user = await loadSelf(db, actor.id);
  if (user.totpEnabled) throw conflict(TOTP_MESSAGES.alreadyEnabled);
  if (!user.totpSecretEnc) throw new AppError('BAD_REQUEST', TOTP_MESSAGES.noPendingSetup);
  // Every code checked while signed in counts toward the sign-in lockout before it is checked.
  const attempt = await countCodeAttempt(ctx, actor.id);
  const secret = decryptSecret(user.totpSecretEnc, ctx.keys.encryption);
  const check = attempt.counted ? await checkTotpCode(secret, token, ctx.clock.now(), user.totpLastStep) : { valid: false as const };
  if (!check.valid) {
    await auditFailedCode(scope, 'enable', attempt);
    throw verifyFailed();
  }
  const codes = await db.transaction(async (tx) => {
    // Only the pending secret that was checked is enabled, and only once: a setup restarted
    // meanwhile, or a second enable racing this one, changes nothing.
    const enabled = await tx
      .update(users)
      .set({ totpEnabled: true, totpLastStep: check.step, updatedAt: ctx.clock.now() })
      .where(and(eq(users.id, actor.id), eq(users.totpEnabled, false), eq(users.totpSecretEnc, user.totpSecretEnc!)))
      .returning({ id: users.id });
    if (enabled.length !== 1) throw conflict(TOTP_MESSAGES.alreadyEnabled);
    await clearAttempts(tx, actor.id);
    const fresh = await replaceBackupCodes(tx, actor.id, ctx.keys.encryption, ctx.clock.now());
    await writeAudit(tx, { actor, action: 'TOTP_ENABLED', resourceId: actor.id, ipAddress: scope.ipAddress });
    await revokeUserSessions(ctx, actor.id, 'totp_enabled', tx, sessionId);
    return fresh;
  });
  return codes;
}

export async function readTotpStatus(scope: ActorContext): Promise<TotpStatus> {
  const db = scope.ctx.database.db;
  const user = await loadSelf(db, scope.actor.id);
  return { enabled: user.totpEnabled, remainingCodes: user.totpEnabled ? await countUnusedBackupCodes(db, user.id) : 0 };
}

/** New backup codes for a current code; every old one stops working. */
export async function regenerateBackupCodes(scope: ActorContext, { token }: { token: string }): Promise<string[]> {
  const { ctx, actor } = scope;
  const db = ctx.database.db;
  const user = await loadSelf(db, actor.id);
  if (!user.totpEnabled) throw new AppError('BAD_REQUEST', TOTP_MESSAGES.notEnabled);
  const attempt = await countCodeAttempt(ctx, actor.id);
  if (!attempt.counted || !(await acceptTotpCode(ctx, db, user, token))) {
    await auditFailedCode(scope, 'regenerate', attempt);
    throw verifyFailed();
  }
  return db.transaction(async (tx) => {
    await clearAttempts(tx, actor.id);
    const codes = await replaceBackupCodes(tx, actor.id, ctx.keys.encryption, ctx.clock.now());
    await writeAudit(tx, { actor, action: 'TOTP_BACKUP_CODES_REGENERATED', resourceId: actor.id, ipAddress: scope.ipAddress });
    return codes;
  });
}

/** Turns 2FA off: the real password and a current code (or a backup code). */
export async function disableTotp(scope: ActorContext, input: { password: string; token: string }): Promise<void> {
  const { ctx, actor } = scope;
  const db = ctx.database.db;
  const user = await loadSelf(db, actor.id);
  if (!user.totpEnabled) throw new AppError('BAD_REQUEST', TOTP_MESSAGES.notEnabled);
  // The password is a secret checked while signed in: counted toward the sign-in lockout before
  // it is checked, never checked while locked, and audited when wrong (like change-password).
  const attempt = await reserveLoginAttempt(ctx, { userId: actor.id });
  const passwordOk = attempt.counted ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordTime(input.password), false);
  if (!passwordOk) {
    await writeAudit(db, {
      actor,
      action: 'FAILED_LOGIN',
      severity: attempt.counted && !attempt.lockedNow ? 'medium' : 'high',
      details: { reason: !attempt.counted ? 'locked' : attempt.lockedNow ? 'locked_now' : 'wrong_current_password' },
      ipAddress: scope.ipAddress,
    });
    throw validationError({ password: TOTP_MESSAGES.wrongPassword }, TOTP_MESSAGES.wrongPassword);
  }
  // The code is checked under the same counted attempt: a right password with a wrong code still counts.
  const factor = await acceptSecondFactor(ctx, db, user, input.token, { allowBackup: true });
  if (!factor) {
    await auditFailedCode(scope, 'disable', attempt);
    throw verifyFailed();
  }
  await db.transaction(async (tx) => {
    await clearAttempts(tx, actor.id);
    await clearTotp(tx, actor.id, ctx.clock.now());
    await writeAudit(tx, { actor, action: 'TOTP_DISABLED', resourceId: actor.id, ipAddress: scope.ipAddress, details: { with: factor } });
  });
}

/** Secret, replay step and backup codes all go: a later setup starts from nothing. */
export async function clearTotp(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx.update(users).set({ totpEnabled: false, totpSecretEnc: null, totpLastStep: null, updatedAt: now }).where(eq(users.id, userId));
  await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
}
