import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';
import { connectSocket, listen } from '../../test/socket-client';

/** A one-time password is for changing it: until then the API serves nothing else. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('until a forced password change is done, everything but change-password, me and logout answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
  const { project, members } = await buildTenant(t.app);
  const admin = await login(t.app, members.admin.username);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(admin.accessToken),
    payload: { username: `tek.sifre${Date.now()}`, fullName: 'Tek Şifre', email: 'tek@example.com', role: 'manager', projectIds: [project.id] },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { user, oneTimePassword } = created.json().data as { user: { username: string }; oneTimePassword: string };
  const session = await login(t.app, user.username, oneTimePassword);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(session.accessToken), ...(payload ? { payload } : {}) });

  for (const url of ['/api/projects', `/api/bonus/projects/${project.id}/requests`, `/api/projects/${project.id}/dashboard/stats`, `/api/projects/${project.id}/agents`]) {
    const res = await call('GET', url);
    expect(res.statusCode, url).toBe(403);
    expect(res.json(), url).toMatchObject({ success: false, code: 'PASSWORD_CHANGE_REQUIRED' });
  }
  // No live feed either.
  const socket = await connectSocket(await listen(t.app), { token: session.accessToken, projectId: project.id });
  socket.socket.close();
  expect(socket.error).toBeDefined();

  expect((await call('GET', '/api/auth/me')).statusCode).toBe(200);
  const changed = await call('POST', '/api/auth/change-password', { currentPassword: oneTimePassword, newPassword: 'kendi-sifrem-42' });
  expect(changed.statusCode, changed.body).toBe(200);
  expect((await call('GET', '/api/projects')).statusCode).toBe(200);
  expect((await call('POST', '/api/auth/logout')).statusCode).toBe(200);
});
