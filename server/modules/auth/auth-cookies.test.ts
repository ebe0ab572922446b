import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIES } from '@common/constants';
import { AUTH_MESSAGES } from '@common/schemas/auth';
import { bearer, buildUser, createTestApp, login, refreshWith, sessionCookiesOf, siblingInstance, type TestApp } from '../../test/harness';
import { totpKit } from '../totp/totp-test-kit';

/** The refresh token lives in an HttpOnly cookie, never in JSON; refresh and logout need the CSRF token. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type InjectResponse = Awaited<ReturnType<TestApp['app']['inject']>>;
const cookie = (res: InjectResponse, name: string) => res.cookies.find((c) => c.name === name);
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const signIn = (app: TestApp['app'], username: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'test-password-1' }, headers });

describe('the sign-in cookies', () => {
  it('login sets the refresh token HttpOnly, SameSite=Strict, Path=/api/auth, and a readable CSRF cookie; the JSON carries no refresh token', async () => {
    const user = await buildUser(t.app);
    const res = await signIn(t.app, user.username);
    expect(res.statusCode, res.body).toBe(200);
    const refresh = cookie(res, AUTH_COOKIES.refresh);
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: t.app.ctx.config.SESSION_ABSOLUTE_TTL_SECONDS });
    expect(refresh?.secure).toBeFalsy();
    expect(refresh?.value.length).toBeGreaterThan(30);
    const csrf = cookie(res, AUTH_COOKIES.csrf);
    expect(csrf).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(res.json().data.tokens).toEqual({ accessToken: expect.any(String) });
    expect(res.body).not.toContain(refresh!.value);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a sign-in mints a new CSRF token even when the browser already holds one (a planted cookie is not kept)', async () => {
    const user = await buildUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'test-password-1' },
      cookies: { [AUTH_COOKIES.csrf]: 'planted-by-someone' },
    });
    expect(cookie(res, AUTH_COOKIES.csrf)?.value).not.toBe('planted-by-someone');
    expect(cookie(res, AUTH_COOKIES.csrf)?.value.length).toBeGreaterThan(30);
  });

  it('are Secure behind a trusted proxy that says https, or when COOKIE_SECURE=true; an untrusted X-Forwarded-Proto changes nothing', async () => {
    const user = await buildUser(t.app);
    const proxied = await siblingInstance(t, { overrides: { TRUST_PROXY: '127.0.0.1' } });
    const forced = await siblingInstance(t, { overrides: { COOKIE_SECURE: 'true' } });
    try {
      const viaProxy = await signIn(proxied, user.username, { 'x-forwarded-proto': 'https' });
      expect(cookie(viaProxy, AUTH_COOKIES.refresh)?.secure).toBe(true);
      expect(cookie(viaProxy, AUTH_COOKIES.csrf)?.secure).toBe(true);
      expect(cookie(await signIn(forced, user.username), AUTH_COOKIES.refresh)?.secure).toBe(true);
      // No TRUST_PROXY: anyone could send the header, so it is not believed.
      expect(cookie(await signIn(t.app, user.username, { 'x-forwarded-proto': 'https' }), AUTH_COOKIES.refresh)?.secure).toBeFalsy();
    } finally {
      await proxied.close();
      await forced.close();
    }
  });

  it('the second step of a 2FA sign-in sets the same cookies and answers no refresh token', async () => {
    const kit = totpKit(() => t);
    const { user, secret } = await kit.userWithTotp();
    const res = await kit.secondStep(await kit.challengeFor(user.username), await kit.nextCode(secret));
    expect(res.statusCode, res.body).toBe(200);
    const refresh = cookie(res, AUTH_COOKIES.refresh);
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(res.json().data.tokens).toEqual({ accessToken: expect.any(String) });
    expect(res.body).not.toContain(refresh!.value);
  });
});

describe('refresh by cookie', () => {
  it('rotates the cookie and answers only a new access token', async () => {
    const user = await buildUser(t.app);
    const session = await login(t.app, user.username);
    const res = await refreshWith(t.app, session);
    expect(res.statusCode, res.body).toBe(200);
    const next = sessionCookiesOf(res);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(cookie(res, AUTH_COOKIES.refresh)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // The CSRF token stays: a tab that read it before another tab's refresh still sends the right one.
    expect(next.csrfToken).toBe(session.csrfToken);
    expect(res.json().data.tokens).toEqual({ accessToken: expect.any(String) });
    expect(res.body).not.toContain(next.refreshToken);
    expect((await me(res.json().data.tokens.accessToken)).statusCode).toBe(200);
  });

  it('without the CSRF header answers 403 in Turkish and spends nothing', async () => {
    const user = await buildUser(t.app);
    const session = await login(t.app, user.username);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [AUTH_COOKIES.refresh]: session.refreshToken, [AUTH_COOKIES.csrf]: session.csrfToken },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'CSRF_REFUSED', message: AUTH_MESSAGES.csrfRefused });
    // The token was not spent: the page's own refresh still works, once, without counting as reuse.
    expect((await refreshWith(t.app, session)).statusCode).toBe(200);
  });

  it('refuses a header that does not repeat the cookie, no CSRF cookie, and another site as Origin', async () => {
    const user = await buildUser(t.app);
    const session = await login(t.app, user.username);
    const base = { method: 'POST' as const, url: '/api/auth/refresh' };
    const wrong = await t.app.inject({
      ...base,
      cookies: { [AUTH_COOKIES.refresh]: session.refreshToken, [AUTH_COOKIES.csrf]: session.csrfToken },
      headers: { [AUTH_COOKIES.csrfHeader]: `${session.csrfToken}x` },
    });
    const noCookie = await t.app.inject({
      ...base,
      cookies: { [AUTH_COOKIES.refresh]: session.refreshToken },
      headers: { [AUTH_COOKIES.csrfHeader]: session.csrfToken },
    });
    const foreign = await refreshWith(t.app, session, { origin: 'https://evil.example' });
    for (const res of [wrong, noCookie, foreign]) expect(res.json()).toMatchObject({ code: 'CSRF_REFUSED', message: AUTH_MESSAGES.csrfRefused });
    expect((await refreshWith(t.app, session, { origin: 'http://panel.example:8080', host: 'panel.example:8080' })).statusCode).toBe(200);
  });

  it('without the cookie answers 401; a refused token makes the browser forget the cookies', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [AUTH_COOKIES.csrf]: 'c' }, headers: { [AUTH_COOKIES.csrfHeader]: 'c' } });
    expect(none.statusCode).toBe(401);
    const unknown = await refreshWith(t.app, { refreshToken: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(401);
    expect(cookie(unknown, AUTH_COOKIES.refresh)).toMatchObject({ value: '', path: '/api/auth' });
  });

  it('no longer reads a refresh token from the body', async () => {
    const user = await buildUser(t.app);
    const session = await login(t.app, user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
      cookies: { [AUTH_COOKIES.csrf]: 'c' },
      headers: { [AUTH_COOKIES.csrfHeader]: 'c' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('logout from the browser', () => {
  it('needs the CSRF token, ends the session and clears both cookies', async () => {
    const user = await buildUser(t.app);
    const session = await login(t.app, user.username);
    const cookies = { [AUTH_COOKIES.refresh]: session.refreshToken, [AUTH_COOKIES.csrf]: session.csrfToken };
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies, headers: bearer(session.accessToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTH_MESSAGES.csrfRefused);
    expect((await me(session.accessToken)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { ...bearer(session.accessToken), [AUTH_COOKIES.csrfHeader]: session.csrfToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const name of [AUTH_COOKIES.refresh, AUTH_COOKIES.csrf]) {
      const cleared = cookie(res, name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(cookie(res, AUTH_COOKIES.refresh)?.path).toBe('/api/auth');
    expect((await me(session.accessToken)).json().code).toBe('SESSION_UNKNOWN');
    expect((await refreshWith(t.app, session)).statusCode).toBe(401);
  });
});
