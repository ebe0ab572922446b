import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { usingPostgres } from './test-database';

if (!usingPostgres()) console.warn('connection-loss: TEST_DATABASE_URL is not set; skipped (PGlite has no connections to lose)');

let t: TestApp;
beforeAll(async () => {
  if (usingPostgres()) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it.skipIf(!usingPostgres())('survives the database dropping every connection: clean answers, then service again without a restart', async () => {
  const user = await buildUser(t.app);
  const { accessToken } = await login(t.app, user.username);
  const call = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
  expect((await call()).statusCode).toBe(200);

  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const [{ db }] = (await t.app.ctx.database.query<{ db: string }>('select current_database() as db'));
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
  await admin.end();

  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await call();
    statuses.push(res.statusCode);
    expect(res.body).not.toMatch(/\n\s+at /);
    if (res.statusCode === 200) break;
    expect(res.statusCode).toBe(503);
  }
  expect(statuses.at(-1)).toBe(200);
});
