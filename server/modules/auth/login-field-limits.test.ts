import { afterAll, beforeAll, expect, it } from 'vitest';

// Hostile bodies at scale for every endpoint: server/test/api-fuzz-bodies.test.ts. Here: the limits of sign-in fields.
import { buildUser, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('accepts a username of exactly the maximum length and refuses one over', async () => {
  const exact = 'u'.repeat(64);
  await buildUser(t.app, { username: exact });
  const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: exact, password: TEST_PASSWORD } });
  expect(ok.statusCode).toBe(200);
  const over = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `${exact}u`, password: TEST_PASSWORD } });
  expect(over.statusCode).toBe(400);
  expect(over.json().errors.username).toBe('En fazla 64 karakter olabilir');
});

it('refuses NUL characters with a field error instead of a database failure', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'ad\u0000min', password: 'x' } });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors.username).toBe('Geçersiz karakter içeriyor');
});
