import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@web/stores/session-store';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { setCsrfCookie, signInAs, signOutStore } from '@web/test/session-fixtures';
import { apiRequest } from './api-client';
import { ApiError, errorMessage } from './api-error';

const expired = json(401, { success: false, message: 'Oturum süresi doldu veya geçersiz' });

/** A server whose access token 'access-1' has expired and whose refresh hands out 'access-2'. */
function serverWithExpiredToken(options: { refresh?: (call: RecordedCall) => Response } = {}) {
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  const mock = mockFetch(async (call) => {
    if (call.url === '/api/auth/refresh') {
      // Held open until every first attempt has failed, so the three really overlap.
      await refreshGate;
      return options.refresh?.(call) ?? json(200, { success: true, data: { tokens: { accessToken: 'access-2' } } });
    }
    if (call.authorization === 'Bearer access-2') return json(200, { success: true, data: { path: call.url } });
    return expired.clone();
  });
  return { ...mock, releaseRefresh };
}

const refreshCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url === '/api/auth/refresh');

describe('api client token refresh', () => {
  beforeEach(() => signInAs('admin'));
  afterEach(() => signOutStore());

  it('three concurrent 401s make exactly one refresh and three retries with the new token', async () => {
    const server = serverWithExpiredToken();
    const pending = Promise.all([apiRequest('GET', '/api/a'), apiRequest('GET', '/api/b'), apiRequest('POST', '/api/c', { x: 1 })]);
    await waitUntil(() => server.calls.filter((c) => c.authorization === 'Bearer access-1').length === 3);
    server.releaseRefresh();

    await expect(pending).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshCalls(server.calls)).toHaveLength(1);
    // The refresh token travels in its HttpOnly cookie; the page sends only the CSRF token.
    expect(refreshCalls(server.calls)[0]).toMatchObject({ body: undefined, csrf: 'csrf-1', authorization: null });
    const retries = server.calls.filter((c) => c.authorization === 'Bearer access-2');
    expect(retries.map((c) => c.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(retries.find((c) => c.url === '/api/c')!.body).toEqual({ x: 1 });
    expect(useSessionStore.getState().token).toBe('access-2');
  });

  it("'Session ID unknown' logs out at once, without trying to refresh", async () => {
    const { calls } = mockFetch(() => json(401, { success: false, code: 'SESSION_UNKNOWN', message: 'Session ID unknown' }));
    const error = await apiRequest('GET', '/api/projects').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, activeProjectId: null });
  });

  it('a refused refresh logs out, and every waiting request fails', async () => {
    const server = serverWithExpiredToken({ refresh: () => json(401, { success: false, message: 'Oturum yenilenemedi' }) });
    const pending = Promise.allSettled([apiRequest('GET', '/api/a'), apiRequest('GET', '/api/b')]);
    await waitUntil(() => server.calls.length === 2);
    server.releaseRefresh();
    const results = await pending;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls(server.calls)).toHaveLength(1);
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('without the sign-in cookies (signed out in another tab) a 401 logs out without a refresh', async () => {
    setCsrfCookie(null);
    const { calls } = mockFetch(() => expired.clone());
    await expect(apiRequest('GET', '/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('a server failure during refresh keeps the session (the refresh token was not spent)', async () => {
    const server = serverWithExpiredToken({ refresh: () => json(503, { success: false, message: 'Veritabanına şu anda ulaşılamıyor' }) });
    server.releaseRefresh();
    await expect(apiRequest('GET', '/api/a')).rejects.toMatchObject({ status: 503 });
    expect(useSessionStore.getState()).toMatchObject({ token: 'access-1', user: { username: 'admin' } });
  });

  it('a second 401 after a successful refresh logs out instead of looping', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/auth/refresh'
        ? json(200, { success: true, data: { tokens: { accessToken: 'access-2' } } })
        : expired.clone(),
    );
    await expect(apiRequest('GET', '/api/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/a')).toHaveLength(2);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('logout carries the CSRF token; other calls do not', async () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: { loggedOut: true } }));
    await apiRequest('POST', '/api/auth/logout', {});
    await apiRequest('GET', '/api/projects');
    expect(calls.map((c) => [c.url, c.csrf])).toEqual([
      ['/api/auth/logout', 'csrf-1'],
      ['/api/projects', null],
    ]);
  });

  it('public calls (login) send no Bearer and treat 401 as an answer', async () => {
    const { calls } = mockFetch(() => json(401, { success: false, message: 'Giriş başarısız. Bilgileri kontrol edin.' }));
    signOutStore();
    await expect(apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' }, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Giriş başarısız. Bilgileri kontrol edin.',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBeNull();
  });

  it('turns a validation failure into an ApiError with the field messages', async () => {
    mockFetch(() => json(400, { success: false, message: 'Öncelik 1-5 arasında olmalıdır', errors: { priority: 'Öncelik 1-5 arasında olmalıdır' } }));
    const error = (await apiRequest('POST', '/api/x', { priority: 9 }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ priority: 'Öncelik 1-5 arasında olmalıdır' });
  });

  it("shows a server error's request id to the user ('Hata kodu'), a client error's not", async () => {
    const failing = json(500, { success: false, code: 'INTERNAL', message: 'Beklenmeyen bir hata oluştu', requestId: 'c0ffee00-1111' });
    failing.headers.set('x-request-id', 'c0ffee00-1111');
    mockFetch(() => failing.clone());
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.requestId).toBe('c0ffee00-1111');
    expect(errorMessage(error)).toBe('Beklenmeyen bir hata oluştu (Hata kodu: c0ffee00-1111)');

    const refused = json(409, { success: false, code: 'CONFLICT', message: 'Talep zaten alınmış' });
    refused.headers.set('x-request-id', 'c0ffee00-2222');
    mockFetch(() => refused.clone());
    const conflict = await apiRequest('POST', '/api/y', {}).catch((e: unknown) => e);
    expect(errorMessage(conflict)).toBe('Talep zaten alınmış');
  });

  it('adds the query string without empty values', async () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: [] }));
    await apiRequest('GET', '/api/projects', undefined, { query: { search: 'altın şans', status: undefined, page: 2, empty: '' } });
    expect(calls[0]!.url).toBe(`/api/projects?${new URLSearchParams({ search: 'altın şans', page: '2' })}`);
    expect(calls[0]!.authorization).toBe('Bearer access-1');
  });
});

/** Waits for a condition on the fake server (the client's requests are async). */
async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 1));
  if (!condition()) throw new Error('condition not met');
}
