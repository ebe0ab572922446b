import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { bonusRequestEvents, bonusRequests } from './schema';
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

  await dropEveryConnection();

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

/** What a DBA's `pg_terminate_backend` on every session of the database does (a failover, a restart). */
async function dropEveryConnection() {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const [{ db }] = await t.app.ctx.database.query<{ db: string }>('select current_database() as db');
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
  await admin.end();
}

it.skipIf(!usingPostgres())('under load, writes during the loss either happen whole or answer 503 in Turkish: nothing half-written', async () => {
  const project = await buildProject(t.app);
  const operator = await buildUser(t.app, { role: 'operator', projects: [project.id] });
  const { accessToken } = await login(t.app, operator.username);
  const stamp = Date.now();
  const create = (i: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bonus/projects/${project.id}/requests`,
      headers: bearer(accessToken),
      payload: { externalId: `KAYIP-${stamp}-${i}`, customerUsername: 'kayip_oyuncu', amount: '10.00' },
    });

  // Four writers keep creating while every connection is dropped twice.
  const answers: { i: number; status: number; body: string }[] = [];
  let next = 0;
  const writer = async () => {
    while (next < 80) {
      const i = next++;
      const res = await create(i);
      answers.push({ i, status: res.statusCode, body: res.body });
    }
  };
  const load = Promise.all([writer(), writer(), writer(), writer()]);
  while (next < 20) await new Promise((resolve) => setTimeout(resolve, 10));
  await dropEveryConnection();
  while (next < 50) await new Promise((resolve) => setTimeout(resolve, 10));
  await dropEveryConnection();
  await load;

  for (const a of answers) {
    expect([201, 503], a.body).toContain(a.status);
    expect(a.body).not.toMatch(/\n\s+at /);
    if (a.status === 503) expect(JSON.parse(a.body).message).toMatch(/[çğıöşüÇĞİÖŞÜ]|veritabanı|Veritabanı/);
  }
  console.info(`connection-loss: ${answers.filter((a) => a.status === 503).length} of ${answers.length} writes answered 503`);
  const created = answers.filter((a) => a.status === 201).map((a) => `KAYIP-${stamp}-${a.i}`);
  // Service is back without a restart.
  expect((await create(999)).statusCode).toBe(201);
  created.push(`KAYIP-${stamp}-999`);

  // Exactly the answered 201s exist, each with its 'created' event: no row without its history.
  const db = t.app.ctx.database.db;
  const rows = await db.select({ id: bonusRequests.id, externalId: bonusRequests.externalId }).from(bonusRequests).where(eq(bonusRequests.projectId, project.id));
  expect(rows.map((r) => r.externalId).sort()).toEqual([...created].sort());
  const [events] = await db
    .select({ n: count() })
    .from(bonusRequestEvents)
    .where(and(inArray(bonusRequestEvents.requestId, rows.map((r) => r.id)), eq(bonusRequestEvents.type, 'created')));
  expect(events!.n).toBe(rows.length);
}, 120_000);
