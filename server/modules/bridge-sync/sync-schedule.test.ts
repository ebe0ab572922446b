import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MESSAGES } from '@common/schemas/bridge-sync';
import { auditLogs, projects, projectSettings, syncLogs } from '../../db/schema';
import { usingPostgres } from '../../db/test-database';
import { buildProject, createTestApp, type TestApp } from '../../test/harness';
import { failInterruptedSyncs } from './fail-interrupted-syncs';
import { startDueSyncs } from './schedule-syncs';
import { pointProjectAt, waitForSync } from './test-support/sync-test-kit';
import { embeddedSource, insertRequests, type EmbeddedTestSource } from './test-support/test-sources';

let t: TestApp;
let source: EmbeddedTestSource;
beforeAll(async () => {
  t = await createTestApp();
  source = await embeddedSource();
  await insertRequests(source, [{ external_id: 'S1' }, { external_id: 'S2' }]);
});
afterAll(async () => {
  await source?.close();
  await t?.close();
});

const longAgo = new Date(Date.now() - 24 * 3600_000);

/** A project created a day ago, reading the embedded source, with the given schedule settings. */
async function scheduledProject(settings: { autoSync?: boolean; syncInterval?: number } = {}) {
  const project = await buildProject(t.app);
  const db = t.app.ctx.database.db;
  await db.update(projects).set({ createdAt: longAgo }).where(eq(projects.id, project.id));
  if (Object.keys(settings).length) await db.update(projectSettings).set(settings).where(eq(projectSettings.projectId, project.id));
  await pointProjectAt(t.app, project.id, source.config);
  return project;
}

const claimedFor = <T extends { projectId: number }>(rows: T[], ids: number[]) => rows.filter((r) => ids.includes(r.projectId));

describe('the schedule', () => {
  it('starts a bonus sync for due projects only, as "Zamanlayıcı", and not again before the interval', async () => {
    const due = await scheduledProject();
    const off = await scheduledProject({ autoSync: false });
    const recent = await scheduledProject({ syncInterval: 60 });
    await t.app.ctx.database.db.insert(syncLogs).values({ projectId: recent.id, syncType: 'bonus', status: 'success', startedAt: new Date(Date.now() - 10 * 60_000), finishedAt: new Date() });
    const ids = [due.id, off.id, recent.id];

    const claimed = claimedFor(await startDueSyncs(t.app.ctx, { serverStartedAt: longAgo }), ids);
    expect(claimed.map((c) => c.projectId)).toEqual([due.id]);
    expect(claimed[0]).toMatchObject({ syncType: 'bonus', trigger: 'schedule', startedByUserId: null, status: 'running' });
    const done = await waitForSync(t.app, claimed[0]!.id);
    expect(done).toMatchObject({ status: 'success', startedByName: SYNC_MESSAGES.scheduleName, rowsWritten: 2 });
    const [started] = await t.app.ctx.database.db
      .select({ username: auditLogs.username })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'SYNC_STARTED'), eq(auditLogs.resourceId, String(done.id))));
    expect(started!.username).toBe(SYNC_MESSAGES.scheduleName);

    expect(claimedFor(await startDueSyncs(t.app.ctx, { serverStartedAt: longAgo }), ids)).toEqual([]);
  });

  it('waits one interval after the server started before a first run', async () => {
    const project = await scheduledProject();
    expect(claimedFor(await startDueSyncs(t.app.ctx, { serverStartedAt: new Date() }), [project.id])).toEqual([]);
  });

  it.skipIf(!usingPostgres())('several instances deciding at once start one job per project (PostgreSQL only — skipped without TEST_DATABASE_URL)', async () => {
    const project = await scheduledProject();
    const release = await source.hold();
    let results: Awaited<ReturnType<typeof startDueSyncs>>[];
    try {
      results = await Promise.all(Array.from({ length: 4 }, () => startDueSyncs(t.app.ctx, { serverStartedAt: longAgo })));
    } finally {
      release();
    }
    const claimed = claimedFor(results.flat(), [project.id]);
    expect(claimed).toHaveLength(1);
    await waitForSync(t.app, claimed[0]!.id);
    const rows = await t.app.ctx.database.db.select().from(syncLogs).where(eq(syncLogs.projectId, project.id));
    expect(rows).toHaveLength(1);
  });
});

describe('jobs of a dead server', () => {
  it('are closed as failed "Sunucu yeniden başlatıldı" when their heartbeat is old; live ones are left alone', async () => {
    const db = t.app.ctx.database.db;
    const dead = await buildProject(t.app);
    const alive = await buildProject(t.app);
    const [deadRow] = await db
      .insert(syncLogs)
      .values({ projectId: dead.id, syncType: 'bonus', status: 'running', heartbeatAt: sql`now() - interval '10 minutes'`, rowsRead: 500, rowsWritten: 400 })
      .returning();
    const [liveRow] = await db.insert(syncLogs).values({ projectId: alive.id, syncType: 'bonus', status: 'running', heartbeatAt: sql`now()` }).returning();

    await failInterruptedSyncs(t.app.ctx, { everyRunning: false });
    const rows = await db.select().from(syncLogs).where(inArray(syncLogs.id, [deadRow!.id, liveRow!.id]));
    expect(rows.find((r) => r.id === deadRow!.id)).toMatchObject({ status: 'failed', errorMessage: SYNC_MESSAGES.serverRestarted, rowsWritten: 400 });
    expect(rows.find((r) => r.id === deadRow!.id)!.finishedAt).not.toBeNull();
    expect(rows.find((r) => r.id === liveRow!.id)!.status).toBe('running');
    const audit = await db.select().from(auditLogs).where(and(eq(auditLogs.action, 'SYNC_FAILED'), eq(auditLogs.resourceId, String(deadRow!.id))));
    expect(audit).toHaveLength(1);

    // At the start of the embedded database every running row is dead (one process owns it).
    await failInterruptedSyncs(t.app.ctx, { everyRunning: true });
    const [closed] = await db.select().from(syncLogs).where(eq(syncLogs.id, liveRow!.id));
    expect(closed!.status).toBe('failed');
  });
});
