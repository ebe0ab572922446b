import { afterEach, expect, it } from 'vitest';
import { buildUser, createTestApp, login, type TestApp } from './test/harness';

/** The API's documentation: API_DOCS=public|auth|off, signed-in users only by default in production. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
}, 180_000);
const docs = (app: TestApp, token?: string) =>
  app.app.inject({ method: 'GET', url: '/api/docs/json', headers: token ? { authorization: `Bearer ${token}` } : {} });

it('in production it is for signed-in users only unless told otherwise', async () => {
  t = await createTestApp({ NODE_ENV: 'production' });
  expect((await docs(t)).statusCode).toBe(401);
  const { accessToken } = await login(t.app, (await buildUser(t.app)).username);
  expect((await docs(t, accessToken)).statusCode).toBe(200);
}, 180_000);

it('API_DOCS=off serves none, even to a signed-in user', async () => {
  t = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'off' });
  const { accessToken } = await login(t.app, (await buildUser(t.app)).username);
  expect((await docs(t, accessToken)).statusCode).toBe(404);
}, 180_000);

it('API_DOCS=public serves it to anyone', async () => {
  t = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'public' });
  expect((await docs(t)).statusCode).toBe(200);
}, 180_000);
