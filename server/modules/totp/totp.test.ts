import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { auditLogs, systemSettings, totpBackupCodes, users } from '../../db/schema';
import { decryptSecret } from '../../lib/secrets';
import { bearer, buildProject, buildUser, createTestApp, login, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { totpCodeAt } from './totp-code';
import { totpKit } from './totp-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { post, get, nextCode, userWithTotp, challengeFor, secondStep, setRequiredRoles } = totpKit(() => t);
const db = () => t.app.ctx.database.db;
const auditOf = (userId: number, action: string) =>
  db().select().from(auditLogs).where(and(eq(auditLogs.resourceId, String(userId)), sql`${auditLogs.action} = ${action}`));

/** Every row of the tables a secret could leak into, as one text. */
async function databaseText(): Promise<string> {
  const rows = await Promise.all(
    ['users', 'totp_backup_codes', 'audit_logs', 'login_challenges', 'sessions'].map((table) =>
      t.app.ctx.database.query<{ row: string }>(`select row_to_json(x)::text as row from ${table} x`),
    ),
  );
  return rows.flat().map((r) => r.row).join('\n');
}

describe('setup and enable', () => {
  it('gives an otpauth URI and a manual key, keeps the secret encrypted and pending, replaces it on a new setup', async () => {
    const user = await buildUser(t.app);
    const { accessToken } = await login(t.app, user.username);
    const first = (await post('/api/auth/totp/setup', {}, accessToken)).json().data;
    expect(first.qrCodeUrl).toMatch(/^otpauth:\/\/totp\//);
    const uri = new URL(first.qrCodeUrl);
    expect(uri.searchParams.get('issuer')).toBe('Bonus Panel');
    expect(decodeURIComponent(uri.pathname)).toContain(user.username);
    expect(uri.searchParams.get('secret')).toBe(first.manualEntryKey);

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.totpEnabled).toBe(false);
    expect(row!.totpSecretEnc).not.toContain(first.manualEntryKey);
    expect(decryptSecret(row!.totpSecretEnc!, t.app.ctx.keys.encryption)).toBe(first.manualEntryKey);
    expect((await get('/api/auth/totp/backup-codes', accessToken)).json().data).toEqual({ enabled: false, remainingCodes: 0 });

    const second = (await post('/api/auth/totp/setup', {}, accessToken)).json().data;
    expect(second.manualEntryKey).not.toBe(first.manualEntryKey);
    // The replaced secret's code no longer enables.
    const stale = await post('/api/auth/totp/enable', { token: await nextCode(first.manualEntryKey) }, accessToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(TOTP_MESSAGES.verifyFailed);

    const enabled = await post('/api/auth/totp/enable', { token: await nextCode(second.manualEntryKey) }, accessToken);
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.backupCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await get('/api/auth/totp/backup-codes', accessToken)).json().data).toEqual({ enabled: true, remainingCodes: 10 });
    // Setup while enabled: 409.
    expect((await post('/api/auth/totp/setup', {}, accessToken)).statusCode).toBe(409);
    expect((await auditOf(user.id, 'TOTP_SETUP_STARTED')).map((a) => a.severity)).toEqual(['low', 'low']);
    expect((await auditOf(user.id, 'TOTP_ENABLED'))[0]?.severity).toBe('medium');
    expect((await auditOf(user.id, 'TOTP_CODE_FAILED')).length).toBe(1);
  });

  it('answers a wrong or malformed code with a Turkish field error', async () => {
    const user = await buildUser(t.app);
    const { accessToken } = await login(t.app, user.username);
    await post('/api/auth/totp/setup', {}, accessToken);
    const wrong = await post('/api/auth/totp/enable', { token: '000000' }, accessToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: TOTP_MESSAGES.verifyFailed, errors: { token: TOTP_MESSAGES.verifyFailed } });
    expect((await post('/api/auth/totp/enable', { token: '' }, accessToken)).json().errors).toEqual({ token: TOTP_MESSAGES.codeRequired });
    expect((await post('/api/auth/totp/enable', { token: '12a456' }, accessToken)).json().errors).toEqual({ token: TOTP_MESSAGES.codeFormat });
    expect((await post('/api/auth/totp/enable', { token: '1234567' }, accessToken)).json().errors).toEqual({ token: TOTP_MESSAGES.codeFormat });
  });
});

describe('sign-in in two steps', () => {
  it('setup → enable → code sign-in → backup code sign-in, the remaining count dropping; a used code is refused', async () => {
    const { user, secret, backupCodes } = await userWithTotp();
    const challenge = await challengeFor(user.username);

    const withCode = await secondStep(challenge, await nextCode(secret));
    expect(withCode.statusCode, withCode.body).toBe(200);
    const { tokens } = withCode.json().data;
    expect(withCode.json().data.user).toMatchObject({ id: user.id, username: user.username });
    expect((await get('/api/auth/me', tokens.accessToken)).statusCode).toBe(200);

    const withBackup = await secondStep(await challengeFor(user.username), backupCodes[0]!.toLowerCase());
    expect(withBackup.statusCode, withBackup.body).toBe(200);
    const token = withBackup.json().data.tokens.accessToken;
    expect((await get('/api/auth/totp/backup-codes', token)).json().data).toEqual({ enabled: true, remainingCodes: 9 });
    expect((await auditOf(user.id, 'TOTP_BACKUP_CODE_USED'))[0]?.severity).toBe('medium');

    const again = await secondStep(await challengeFor(user.username), backupCodes[0]!);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TOTP_MESSAGES.verifyFailed);
  });

  it('refuses a code whose step was already used (replay), even within its 30 s', async () => {
    const { user, secret } = await userWithTotp();
    const code = await nextCode(secret);
    expect((await secondStep(await challengeFor(user.username), code)).statusCode).toBe(200);
    const replay = await secondStep(await challengeFor(user.username), code);
    expect(replay.statusCode).toBe(401);
    // The previous step's code is older than the used one: refused too.
    const older = await totpCodeAt(secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await secondStep(await challengeFor(user.username), older)).statusCode).toBe(401);
  });

  it('a challenge is single-use, expires after 5 minutes, and is no token', async () => {
    const { user, secret } = await userWithTotp();
    const challenge = await challengeFor(user.username);
    expect((await secondStep(challenge, await nextCode(secret))).statusCode).toBe(200);
    const reused = await secondStep(challenge, await nextCode(secret));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('CHALLENGE_EXPIRED');

    const late = await challengeFor(user.username);
    t.clock.advance(5 * 60_000 + 1_000);
    const expired = await secondStep(late, await totpCodeAt(secret, t.clock.now()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED', message: TOTP_MESSAGES.challengeExpired });

    expect((await get('/api/auth/me', late)).statusCode).toBe(401);
    expect((await secondStep('not-a-challenge', '123456')).json().code).toBe('CHALLENGE_EXPIRED');
  });

  it('wrong codes count toward the password lockout', async () => {
    await db().update(systemSettings).set({ maxLoginAttempts: 3 }).where(eq(systemSettings.id, 1));
    try {
      const { user, secret } = await userWithTotp();
      const challenge = await challengeFor(user.username);
      for (let i = 0; i < 3; i++) expect((await secondStep(challenge, '000000')).statusCode).toBe(401);
      // Locked: the right code and the right password are refused alike.
      expect((await secondStep(challenge, await nextCode(secret))).statusCode).toBe(401);
      const password = await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
      expect(password.statusCode).toBe(401);
      expect(password.json().code).toBe('ACCOUNT_LOCKED');
      const failed = await auditOf(user.id, 'TOTP_CODE_FAILED');
      expect(failed.length).toBeGreaterThanOrEqual(2);
      expect(failed.some((a) => a.severity === 'high')).toBe(true);
      // After the window the account opens again.
      t.clock.advance(t.app.ctx.config.LOGIN_LOCK_MINUTES * 60_000 + 1_000);
      expect((await secondStep(await challengeFor(user.username), await nextCode(secret))).statusCode).toBe(200);
    } finally {
      await db().update(systemSettings).set({ maxLoginAttempts: 5 }).where(eq(systemSettings.id, 1));
    }
  });

  it('users without 2FA keep the one-step sign-in', async () => {
    const user = await buildUser(t.app);
    const res = await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(Object.keys(res.json().data).sort()).toEqual(['tokens', 'user']);
  });
});

describe('backup codes', () => {
  it('are stored only as salted hashes: no raw code, secret or challenge anywhere in the database or the logs', async () => {
    const { user, secret, backupCodes } = await userWithTotp();
    const challenge = await challengeFor(user.username);
    await secondStep(challenge, await nextCode(secret));
    const stored = await db().select().from(totpBackupCodes).where(eq(totpBackupCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((s) => s.codeHash.split('.')[0])).size).toBe(10); // a salt per code
    const text = await databaseText();
    const logs = t.logs.join('\n');
    for (const code of backupCodes) {
      for (const form of [code, code.replace('-', '')]) {
        expect(text).not.toContain(form);
        expect(logs).not.toContain(form);
      }
    }
    expect(text).not.toContain(secret);
    expect(logs).not.toContain(secret);
    expect(text).not.toContain(challenge);
    expect(logs).not.toContain(challenge);
  });

  it('regenerating needs a current code and voids every old code', async () => {
    const { user, secret, backupCodes, accessToken } = await userWithTotp();
    expect((await post('/api/auth/totp/regenerate-backup-codes', { token: '000000' }, accessToken)).statusCode).toBe(400);
    const res = await post('/api/auth/totp/regenerate-backup-codes', { token: await nextCode(secret) }, accessToken);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await challengeFor(user.username), backupCodes[1]!)).statusCode).toBe(401);
    expect((await secondStep(await challengeFor(user.username), fresh[0]!)).statusCode).toBe(200);
    expect((await auditOf(user.id, 'TOTP_BACKUP_CODES_REGENERATED'))[0]?.severity).toBe('medium');
  });
});

describe('disable', () => {
  it('refuses a wrong password with a field error and accepts the real one with a code', async () => {
    const { user, secret, accessToken } = await userWithTotp();
    const wrong = await post('/api/auth/totp/disable', { password: 'not-my-password', token: await nextCode(secret) }, accessToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: TOTP_MESSAGES.wrongPassword });
    const badCode = await post('/api/auth/totp/disable', { password: TEST_PASSWORD, token: '000000' }, accessToken);
    expect(badCode.statusCode).toBe(400);
    const ok = await post('/api/auth/totp/disable', { password: TEST_PASSWORD, token: await nextCode(secret) }, accessToken);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('/api/auth/totp/backup-codes', accessToken)).json().data).toEqual({ enabled: false, remainingCodes: 0 });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpEnabled: false, totpSecretEnc: null });
    expect(await db().select().from(totpBackupCodes).where(eq(totpBackupCodes.userId, user.id))).toEqual([]);
    expect((await auditOf(user.id, 'TOTP_DISABLED'))[0]?.severity).toBe('high');
    // Sign-in is one step again.
    expect((await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).json().data.tokens).toBeDefined();
  });

  it('accepts a backup code instead of a current code', async () => {
    const { backupCodes, accessToken } = await userWithTotp();
    const res = await post('/api/auth/totp/disable', { password: TEST_PASSWORD, token: backupCodes[3] }, accessToken);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('enforcement per role', () => {
  it('holds a required role at the setup calls until 2FA is on (TOTP_SETUP_REQUIRED)', async () => {
    const project = await buildProject(t.app);
    const agent = await buildUser(t.app, { role: 'agent', projects: [project.id] });
    const manager = await buildUser(t.app, { role: 'manager', projects: [project.id] });
    await setRequiredRoles(['agent']);
    try {
      const { accessToken } = await login(t.app, agent.username);
      const refused = await get(`/api/bonus/projects/${project.id}/requests`, accessToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'TOTP_SETUP_REQUIRED' });
      expect((await get('/api/projects', accessToken)).json().code).toBe('TOTP_SETUP_REQUIRED');
      expect((await post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another-pass-1' }, accessToken)).json().code).toBe(
        'TOTP_SETUP_REQUIRED',
      );
      expect((await get('/api/auth/me', accessToken)).statusCode).toBe(200);
      expect((await get('/api/auth/totp/backup-codes', accessToken)).statusCode).toBe(200);
      // A role not on the list is untouched.
      const other = await login(t.app, manager.username);
      expect((await get(`/api/bonus/projects/${project.id}/requests`, other.accessToken)).statusCode).toBe(200);

      const secret = (await post('/api/auth/totp/setup', {}, accessToken)).json().data.manualEntryKey;
      expect((await post('/api/auth/totp/enable', { token: await nextCode(secret) }, accessToken)).statusCode).toBe(200);
      expect((await get(`/api/bonus/projects/${project.id}/requests`, accessToken)).statusCode).toBe(200);
      expect((await post('/api/auth/logout', {}, accessToken)).statusCode).toBe(200);
    } finally {
      await setRequiredRoles([]);
    }
  });
});

describe('admin reset', () => {
  it('needs a reason, turns the user\'s 2FA off and ends their sessions, audited as high', async () => {
    const project = await buildProject(t.app);
    const admin = await buildUser(t.app, { role: 'admin', projects: [project.id] });
    const { user, accessToken: victimToken } = await userWithTotp({ role: 'agent', projects: [project.id] });
    const { accessToken } = await login(t.app, admin.username);

    const noReason = await post(`/api/users/${user.id}/totp/reset`, { reason: '  ' }, accessToken);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: TOTP_MESSAGES.reasonRequired });

    const res = await post(`/api/users/${user.id}/totp/reset`, { reason: 'Telefonunu kaybetti' }, accessToken);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/auth/me', victimToken)).json().code).toBe('SESSION_UNKNOWN');
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpEnabled: false, totpSecretEnc: null });
    const [audit] = await auditOf(user.id, 'TOTP_RESET');
    expect(audit).toMatchObject({ severity: 'high', userId: admin.id });
    expect(audit!.details).toMatchObject({ reason: 'Telefonunu kaybetti' });
    // One step again.
    expect((await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).json().data.tokens).toBeDefined();
  });

  it('an admin cannot reset an equal or higher role, their own, or a user outside their projects', async () => {
    const project = await buildProject(t.app);
    const foreign = await buildProject(t.app);
    const admin = await buildUser(t.app, { role: 'admin', projects: [project.id] });
    const peer = await buildUser(t.app, { role: 'admin', projects: [project.id] });
    const stranger = await buildUser(t.app, { role: 'agent', projects: [foreign.id] });
    const superAdmin = await buildUser(t.app, { role: 'super_admin', projects: [project.id] });
    const { accessToken } = await login(t.app, admin.username);
    const reset = (id: number, token = accessToken) => post(`/api/users/${id}/totp/reset`, { reason: 'test' }, token);
    expect((await reset(peer.id)).statusCode).toBe(403);
    expect((await reset(superAdmin.id)).statusCode).toBe(403);
    expect((await reset(admin.id)).statusCode).toBe(403);
    expect((await reset(stranger.id)).statusCode).toBe(404);
    // A super admin may reset an admin.
    const root = await login(t.app, superAdmin.username);
    expect((await reset(peer.id, root.accessToken)).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('never answers 5xx to odd bodies', async () => {
    const { accessToken } = await userWithTotp();
    const bodies = [{}, { token: 123456 }, { token: ['123456'] }, { token: 'x'.repeat(100_000) }, { token: '\ud800\ud800\ud800' }, JSON.parse('{"__proto__":{"token":"1"}}')];
    for (const body of bodies) {
      for (const url of ['/api/auth/totp/enable', '/api/auth/totp/regenerate-backup-codes', '/api/auth/totp/disable', '/api/auth/login/totp']) {
        const res = await t.app.inject({ method: 'POST', url, payload: body, headers: bearer(accessToken) });
        expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
      }
    }
  });
});
