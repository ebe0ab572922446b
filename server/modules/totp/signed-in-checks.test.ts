import { describe, expect, it } from 'vitest';
import { buildUser, createTestApp, login, TEST_PASSWORD } from '../../test/harness';
import { totpKit, totpTestFile } from './totp-test-kit';

/**
 * A stolen access token must not be a way around the sign-in lockout: every password or code
 * checked while signed in counts toward the same lock, is audited and rate-limited.
 */
const { t, kit } = totpTestFile();
const signIn = (username: string, password = TEST_PASSWORD) => kit.post('/api/auth/login', { username, password });
const auditReasons = async (userId: number, action: string) =>
  (
    await t().app.ctx.database.query<{ reason: string | null; step: string | null }>(
      `select details->>'reason' as reason, details->>'step' as step from audit_logs where user_id = $1 and action = $2`,
      [userId, action],
    )
  ).map((r) => r.reason ?? r.step);

describe('disabling 2FA: wrong passwords', () => {
  it('count toward the sign-in lockout and are audited; once locked even the right password and code are refused', async () => {
    const { user, secret, accessToken } = await kit.userWithTotp();
    for (let i = 0; i < 5; i++) {
      const res = await kit.post('/api/auth/totp/disable', { password: `yanlis-${i}`, token: '000000' }, accessToken);
      expect(res.statusCode).toBe(400);
    }
    expect(await auditReasons(user.id, 'FAILED_LOGIN')).toHaveLength(5);
    const right = await kit.post('/api/auth/totp/disable', { password: TEST_PASSWORD, token: await kit.nextCode(secret) }, accessToken);
    expect(right.statusCode).toBe(400);
    // The account is locked for sign-in too.
    expect((await signIn(user.username)).statusCode).toBe(401);
  });

  it('are rate-limited per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const own = totpKit(() => limited);
      const { accessToken } = await own.userWithTotp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await own.post('/api/auth/totp/disable', { password: `yanlis-${i}`, token: '000000' }, accessToken)).statusCode);
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('codes checked while signed in (enable, regenerate, disable)', () => {
  it('wrong codes to regenerate backup codes count toward the lockout: then even a right code is refused', async () => {
    const { user, secret, accessToken } = await kit.userWithTotp();
    for (let i = 0; i < 5; i++) expect((await kit.post('/api/auth/totp/regenerate-backup-codes', { token: '000000' }, accessToken)).statusCode).toBe(400);
    const right = await kit.post('/api/auth/totp/regenerate-backup-codes', { token: await kit.nextCode(secret) }, accessToken);
    expect(right.statusCode).toBe(400);
    expect(right.body).not.toContain('backupCodes');
    expect((await signIn(user.username)).statusCode).toBe(401);
    expect(await auditReasons(user.id, 'TOTP_CODE_FAILED')).toEqual(['regenerate', 'regenerate', 'regenerate', 'regenerate', 'regenerate', 'regenerate']);
  });

  it('wrong codes to enable 2FA count toward the lockout', async () => {
    const user = await buildUser(t().app);
    const { accessToken } = await login(t().app, user.username);
    expect((await kit.post('/api/auth/totp/setup', {}, accessToken)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await kit.post('/api/auth/totp/enable', { token: '000000' }, accessToken)).statusCode).toBe(400);
    expect((await signIn(user.username)).statusCode).toBe(401);
  });

  it('a right password with wrong codes to disable counts toward the lockout; a success clears the count', async () => {
    const { user, secret, accessToken } = await kit.userWithTotp();
    for (let i = 0; i < 4; i++) expect((await kit.post('/api/auth/totp/disable', { password: TEST_PASSWORD, token: '000000' }, accessToken)).statusCode).toBe(400);
    const ok = await kit.post('/api/auth/totp/disable', { password: TEST_PASSWORD, token: await kit.nextCode(secret) }, accessToken);
    expect(ok.statusCode, ok.body).toBe(200);
    // The count was cleared by the success: four wrong passwords later the account still signs in.
    for (let i = 0; i < 4; i++) expect((await signIn(user.username, `yanlis-${i}`)).statusCode).toBe(401);
    expect((await signIn(user.username)).statusCode).toBe(200);
  });

  it('enable and regenerate are rate-limited per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const own = totpKit(() => limited);
      const { accessToken } = await own.userWithTotp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await own.post('/api/auth/totp/regenerate-backup-codes', { token: '000000' }, accessToken)).statusCode);
      expect(statuses[3]).toBe(429);
      // userWithTotp spent one enable; two more wrong ones, then the limit.
      const enables: number[] = [];
      for (let i = 0; i < 3; i++) enables.push((await own.post('/api/auth/totp/enable', { token: '000000' }, accessToken)).statusCode);
      expect(enables[2]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
