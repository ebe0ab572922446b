import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectMembers, projects, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-organisation';
import { seedDemoIfEmpty } from '../../db/seed/seed-demo';
import { createTestApp, login, type TestApp } from '../../test/harness';
import { startDemoExternalSystem, type DemoExternalSystem } from './demo/demo-external-system';
import { requestsOf as allRequestsOf, runSync } from './test-support/sync-test-kit';

let t: TestApp;
let demo: DemoExternalSystem | undefined;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.app.ctx);
});
afterAll(async () => {
  await demo?.stop();
  await t?.close();
});

/** The demo seed has requests of its own ('GOLD-100001'…); these are the imported ones. */
const requestsOf = async (app: TestApp['app'], projectId: number) => (await allRequestsOf(app, projectId)).filter((r) => r.externalId?.includes('-EXT-'));

const projectByCode = async (code: string) => (await t.app.ctx.database.db.select().from(projects).where(eq(projects.code, code)))[0]!;

it('gives every demo project a working external system that the normal connector syncs from', async () => {
  demo = await startDemoExternalSystem(t.app.ctx, { feedEveryMs: 3_600_000 });
  const gold = await projectByCode('GOLD');
  expect(gold).toMatchObject({ dbType: 'postgresql', dbHost: '127.0.0.1', dbPort: demo.port, dbName: 'gold_bonus', dbUser: 'bridge_reader' });
  expect(gold.dbPasswordEnc).toBeTruthy();

  const token = (await login(t.app, 'manager', DEMO_PASSWORD)).accessToken;
  const first = await runSync(t.app, token, gold.id);
  expect(first).toMatchObject({ status: 'success', rowsRead: 80, rowsWritten: 80 });
  const imported = await requestsOf(t.app, gold.id);
  expect(imported).toHaveLength(80);
  expect(imported[0]!.externalId).toBe('GOLD-EXT-500001');
  expect(imported.some((r) => r.status === 'queued') && imported.some((r) => r.status === 'completed')).toBe(true);
  expect(imported.every((r) => Number(r.amount) > 0 && /[a-zçğıöşü]/i.test(r.customerName ?? ''))).toBe(true);

  // The feeder brings new requests; the next sync imports only them.
  await demo.feed();
  const second = await runSync(t.app, token, gold.id);
  expect(second.status).toBe('success');
  expect(second.rowsWritten).toBeGreaterThanOrEqual(1);
  expect((await requestsOf(t.app, gold.id)).length).toBeGreaterThan(80);

  // Personnel: the demo agents of GOLD are linked, two people only the system knows are created.
  const personnel = await runSync(t.app, token, gold.id, { syncType: 'personnel' });
  expect(personnel).toMatchObject({ status: 'success', rowsRead: 5, rowsFailed: 0 });
  const linked = await t.app.ctx.database.db
    .select({ username: users.username, agentActive: projectMembers.agentActive })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, gold.id), sql`${projectMembers.externalPersonnelId} is not null`));
  expect(linked.map((l) => l.username).sort()).toEqual(['agent1', 'agent2', 'agent3', 'gold.derya', 'gold.kerem']);
  expect(linked.find((l) => l.username === 'gold.kerem')!.agentActive).toBe(false);

  // The projects' own systems are separate databases.
  const kral = await projectByCode('KRAL');
  const admin = (await login(t.app, 'admin', DEMO_PASSWORD)).accessToken;
  const kralSync = await runSync(t.app, admin, kral.id);
  // Its own 80 and what the feeder added.
  expect(kralSync.rowsWritten).toBeGreaterThan(80);
  expect((await requestsOf(t.app, kral.id))[0]!.externalId).toBe('KRAL-EXT-500001');
});

it('keeps its data and passwords across restarts and writes the new port into the demo projects', async () => {
  await demo!.stop();
  demo = await startDemoExternalSystem(t.app.ctx, { feedEveryMs: 3_600_000 });
  const gold = await projectByCode('GOLD');
  expect(gold.dbPort).toBe(demo.port);
  const token = (await login(t.app, 'manager', DEMO_PASSWORD)).accessToken;
  const again = await runSync(t.app, token, gold.id, { syncType: 'bonus', forceFullSync: true });
  expect(again).toMatchObject({ status: 'success', rowsWritten: 0 });
  expect(again.rowsRead).toBeGreaterThan(80);
});

it('leaves alone a demo project that an admin pointed elsewhere', async () => {
  await demo!.stop();
  const db = t.app.ctx.database.db;
  await db.update(projects).set({ dbHost: 'db.yildizbahis.example.com', dbPort: 5432 }).where(eq(projects.code, 'YILDIZ'));
  demo = await startDemoExternalSystem(t.app.ctx, { feedEveryMs: 3_600_000 });
  expect(await projectByCode('YILDIZ')).toMatchObject({ dbHost: 'db.yildizbahis.example.com', dbPort: 5432 });
});
