import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../modules/sessions/access-token';
import { bearer, buildTenant, buildUser, createTestApp, login, refreshWith, sessionCookiesOf, type TestApp } from '../test/harness';
import { TOO_DEEP_MESSAGE } from './validator';

/** Findings of the attack on a running instance (issue 14) that any caller can reach. */
let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenant>>;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await buildTenant(t.app);
  adminToken = (await login(t.app, tenant.members.super_admin.username)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const expectEnvelope400 = (res: { statusCode: number; body: string; json(): { success: boolean; message: string; errors?: Record<string, string> } }) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).not.toMatch(/\n\s+at |RangeError|node_modules/);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String), errors: expect.any(Object) });
};

describe('deeply nested JSON (finding 1)', () => {
  const bomb = (levels: number) => `{"username":${'['.repeat(levels)}${']'.repeat(levels)},"password":"x"}`;

  it('refuses 10,000 levels of brackets with a 400 envelope, not a stack overflow', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: bomb(10_000) });
    expectEnvelope400(res);
    expect(res.json().errors.username).toBe(TOO_DEEP_MESSAGE);
  });

  it('refuses nested objects the same way on an authenticated endpoint', async () => {
    const nested = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/json', ...bearer(adminToken) },
      payload: `{"name":${nested}}`,
    });
    expectEnvelope400(res);
  });

  it('keeps answering other callers while bombs arrive', async () => {
    const bombs = Array.from({ length: 4 }, () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: bomb(10_000) }),
    );
    const health = t.app.inject({ method: 'GET', url: '/api/health' });
    const results = await Promise.all([...bombs, health]);
    expect(results.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 200]);
  });
});

describe('prototype words in the status filter (finding 6)', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'waiting,__proto__'])('status=%s → 400', async (status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bonus/projects/${tenant.project.id}/requests?status=${encodeURIComponent(status)}`,
      headers: bearer(adminToken),
    });
    expectEnvelope400(res);
  });
});

describe('lone UTF-16 surrogates (finding 7)', () => {
  it.each(['\ud800', 'a\udfffb', 'x\ud83d'])('refuses %j in a user name with a field error', async (bad) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(adminToken),
      payload: { username: 'yeni.kullanici', fullName: `Ad ${bad}`, role: 'agent', password: 'GucluSifre123!', projectIds: [tenant.project.id] },
    });
    expectEnvelope400(res);
    expect(res.json().errors.fullName).toBe('Geçersiz karakter içeriyor');
  });

  it('refuses one in a project field and in a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: bearer(adminToken), payload: { name: 'P\udc00', code: 'SURR' } });
    expectEnvelope400(res);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","\\ud800":1}',
    });
    expectEnvelope400(key);
  });

  it('accepts a real pair (an emoji) in a name', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${tenant.project.id}/agents/${tenant.members.agent.id}`,
      headers: bearer(adminToken),
      payload: { fullName: 'Ajan 😀' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('headers and tokens', () => {
  it('the login answer may not be cached (finding 11)', async () => {
    const user = await buildUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'test-password-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const refreshed = await refreshWith(t.app, sessionCookiesOf(res));
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('a correctly signed token with a malformed session id answers 401 (finding 12)', async () => {
    for (const sid of ['not-a-uuid', "1' or '1'='1", '', 'x'.repeat(500)]) {
      const token = signAccessToken({ sid, uid: tenant.members.admin.id }, t.app.ctx.keys.jwt, t.clock, 900);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(res.statusCode, sid).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('the security policy lets the page talk to its own origin only (finding 13)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const connectSrc = /connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(connectSrc?.trim()).toBe("'self'");
  });
});
