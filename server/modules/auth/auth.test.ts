import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { and, eq } from 'drizzle-orm';
import { LOGIN_MESSAGES } from '@common/schemas/auth';
import { auditLogs, sessions, users } from '../../db/schema';
import { expireStaleSessions } from '../sessions/sessions';
import { bearer, buildProject, buildUser, createTestApp, login, refreshWith, sessionCookiesOf, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('login', () => {
  it('returns a token pair and the user with their projects', async () => {
    const project = await buildProject(t.app);
    const user = await buildUser(t.app, { role: 'agent', projects: [project.id] });
    const res = await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.tokens).toEqual({ accessToken: expect.stringMatching(/^ey/) });
    expect(sessionCookiesOf(res).refreshToken.length).toBeGreaterThan(30);
    expect(body.data.user).toMatchObject({ id: user.id, username: user.username, role: 'agent' });
    expect(body.data.user.projects).toEqual([{ id: project.id, code: project.code, name: project.name, timezone: 'Europe/Istanbul' }]);
    expect(body.data.user).not.toHaveProperty('passwordHash');
    const [audit] = await t.app.ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, 'LOGIN')));
    expect(audit).toMatchObject({ category: 'auth', username: user.username });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const user = await buildUser(t.app);
    const unknown = await post('/api/auth/login', { username: 'nobody-here', password: 'whatever1' });
    const wrong = await post('/api/auth/login', { username: user.username, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe(LOGIN_MESSAGES.failed);
    const failed = await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'FAILED_LOGIN'));
    expect(failed.some((a) => a.username === 'nobody-here')).toBe(true);
  });

  it('reports every missing field in Turkish', async () => {
    const res = await post('/api/auth/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: LOGIN_MESSAGES.usernameRequired, password: LOGIN_MESSAGES.passwordRequired });
  });

  it('locks the account after 5 failures, says so to a locked account (lockout-message.test), and unlocks after the window', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 5; i++) {
      // Usernames differing only in case share one counter.
      const name = i % 2 ? user.username.toUpperCase() : user.username;
      expect((await post('/api/auth/login', { username: name, password: 'nope-nope' })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');

    t.clock.advance(14 * 60_000);
    expect((await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(401);
    t.clock.advance(2 * 60_000);
    expect((await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    const user = await buildUser(t.app);
    const fail = () => post('/api/auth/login', { username: user.username, password: 'bad-one-x' });
    for (let i = 0; i < 4; i++) await fail();
    expect((await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await fail();
    expect((await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an inactive user like a wrong password', async () => {
    const user = await buildUser(t.app, { isActive: false });
    const res = await post('/api/auth/login', { username: user.username, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_MESSAGES.failed);
  });
});

describe('access tokens', () => {
  it('accepts a valid token and refuses alg none, a bad signature, a refresh token, an over-long token and an expired token', async () => {
    const user = await buildUser(t.app);
    const { accessToken, refreshToken } = await login(t.app, user.username);
    expect((await me(accessToken)).statusCode).toBe(200);

    const [header, payload] = accessToken.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`${noneHeader}.${payload}.`)).statusCode).toBe(401);

    const forged = createSigner({ key: 'some-other-secret-of-sufficient-length!!', algorithm: 'HS256', noTimestamp: true })(
      JSON.parse(Buffer.from(payload!, 'base64url').toString()),
    );
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(`${header}.${payload}.AAAA`)).statusCode).toBe(401);
    expect((await me(refreshToken)).statusCode).toBe(401);
    // The valid token's own text with something after it: longer than any of ours, refused unread.
    expect((await me(`${accessToken}${'A'.repeat(1024)}`)).statusCode).toBe(401);
    // Verified tokens are kept (access-token.ts), their expiry is not: the same token, later, is refused.
    expect((await me(accessToken)).statusCode).toBe(200);

    t.clock.advance(16 * 60_000);
    const expired = await me(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).not.toBe('Session ID unknown');
  });

  it('answers 401 without a token and never leaks a stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });
});

describe('refresh rotation', () => {
  it('rotates the pair and spends the old refresh token', async () => {
    const user = await buildUser(t.app);
    const first = await login(t.app, user.username);
    const res = await refreshWith(t.app, { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = { ...res.json().data.tokens, ...sessionCookiesOf(res) };
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await me(next.accessToken)).statusCode).toBe(200);
    const rows = await t.app.ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(rows).toHaveLength(1);
  });

  it('a spent token reused within the 10 s grace gets a new pair and keeps the session', async () => {
    const user = await buildUser(t.app);
    const first = await login(t.app, user.username);
    await refreshWith(t.app, { refreshToken: first.refreshToken });
    t.clock.advance(5_000);
    const again = await refreshWith(t.app, { refreshToken: first.refreshToken });
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().data.tokens.accessToken)).statusCode).toBe(200);
  });

  it('a spent token reused after the grace revokes the whole session and only that one', async () => {
    const user = await buildUser(t.app);
    const stolen = await login(t.app, user.username);
    const otherSignIn = await login(t.app, user.username);
    const rotation = await refreshWith(t.app, { refreshToken: stolen.refreshToken });
    const rotated = { ...rotation.json().data.tokens, ...sessionCookiesOf(rotation) };
    t.clock.advance(11_000);
    const reuse = await refreshWith(t.app, { refreshToken: stolen.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('Session ID unknown');
    // Every token of that session is dead, including the legitimately rotated one.
    expect((await me(rotated.accessToken)).json().message).toBe('Session ID unknown');
    expect((await refreshWith(t.app, { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    // The user's other sign-in is untouched.
    expect((await me(otherSignIn.accessToken)).statusCode).toBe(200);
    const audit = await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'TOKEN_REUSE_DETECTED'));
    expect(audit.some((a) => a.userId === user.id && a.severity === 'critical')).toBe(true);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refreshWith(t.app, { refreshToken: 'not-a-real-token' })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('logout ends the session: the next call answers Session ID unknown', async () => {
    const user = await buildUser(t.app);
    const { accessToken, refreshToken } = await login(t.app, user.username);
    expect((await post('/api/auth/logout', {}, bearer(accessToken))).statusCode).toBe(200);
    const after = await me(accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_UNKNOWN', message: 'Session ID unknown' });
    expect((await refreshWith(t.app, { refreshToken })).statusCode).toBe(401);
  });

  it('ends after sessionTimeout of inactivity', async () => {
    const user = await buildUser(t.app);
    const { refreshToken } = await login(t.app, user.username);
    t.clock.advance(7201 * 1000);
    const res = await refreshWith(t.app, { refreshToken });
    expect(res.statusCode).toBe(401);
    const [session] = await t.app.ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.revokedReason).toBe('idle');
  });

  it('the sweep ends idle sessions on its own and leaves active ones', async () => {
    const idle = await buildUser(t.app);
    const { refreshToken } = await login(t.app, idle.username);
    t.clock.advance(7000 * 1000);
    const active = await buildUser(t.app);
    const fresh = await login(t.app, active.username);
    t.clock.advance(300 * 1000);
    expect(await expireStaleSessions(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const [ended] = await t.app.ctx.database.db.select().from(sessions).where(eq(sessions.userId, idle.id));
    expect(ended?.revokedReason).toBe('expired');
    expect((await refreshWith(t.app, { refreshToken })).statusCode).toBe(401);
    expect((await me(fresh.accessToken)).statusCode).toBe(200);
  });

  it('ends when the user is deactivated', async () => {
    const user = await buildUser(t.app);
    const { accessToken } = await login(t.app, user.username);
    await t.app.ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(accessToken)).json().message).toBe('Session ID unknown');
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const user = await buildUser(t.app);
    const here = await login(t.app, user.username);
    const elsewhere = await login(t.app, user.username);
    const res = await post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password-9' }, bearer(here.accessToken));
    expect(res.statusCode).toBe(200);
    expect((await me(here.accessToken)).statusCode).toBe(200);
    expect((await me(elsewhere.accessToken)).json().message).toBe('Session ID unknown');
    const wrong = await post('/api/auth/change-password', { currentPassword: 'wrong-one', newPassword: 'another-pass-1' }, bearer(here.accessToken));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe('Mevcut şifre hatalı');
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const user = await buildUser(t.app);
    const { accessToken, refreshToken } = await login(t.app, user.username);
    await refreshWith(t.app, { refreshToken });
    const all = t.logs.join('\n');
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain(refreshToken);
    expect(all).not.toContain(accessToken);
  });
});
