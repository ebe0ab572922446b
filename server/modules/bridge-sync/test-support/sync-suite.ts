import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, bonusRequestEvents, bonusRequests, projectMembers, projects, projectStatistics, syncWatermarks, users } from '../../../db/schema';
import { buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../../test/harness';
import { ago, pointProjectAt, requestsOf, runSync } from './sync-test-kit';
import { changeQuietly, dialect, insertPersonnel, insertRequests, type SourceRequest, type TestSource } from './test-sources';
import { DEFAULT_TIME_ZONE } from '@common/constants';

const STATUS_OF = (i: number) => (i % 10 === 0 ? 'approved' : i % 10 === 1 ? 'rejected' : 'pending');
const BONUS_TYPE_OF = (i: number) => (i % 3 === 0 ? 'points' : i % 3 === 1 ? 'cashback' : 'freespin');
const id = (i: number) => `R${String(i).padStart(4, '0')}`;

function seedRows(from: number, to: number): SourceRequest[] {
  return Array.from({ length: to - from + 1 }, (_, k) => {
    const i = from + k;
    return {
      external_id: id(i),
      customer_id: `MUS-${1000 + i}`,
      username: `oyuncu${i}`,
      name: i % 2 ? 'Şükrü Öztürk' : 'Çağla Güneş',
      bonus_type: BONUS_TYPE_OF(i),
      amount: `${i * 25}.50`,
      description: `Kayıp bonusu talebi ${i}`,
      priority: (i % 5) + 1,
      status: STATUS_OF(i),
      created_at: ago(3, 200 - i),
      updated_at: ago(2, 200 - i),
    };
  });
}

/**
 * The same story against every kind of external database: full import, unchanged re-run,
 * incremental import, forced full sync, custom range, statistics, personnel, bad rows and
 * connection failures. The steps build on each other, in order.
 */
export function defineSourceSuite(name: string, makeSource: (() => Promise<TestSource>) | null, skipMessage: string): void {
  describe.skipIf(!makeSource)(`bridge sync from ${name}${makeSource ? '' : ` — skipped: ${skipMessage}`}`, () => {
    let t: TestApp;
    let source: TestSource;
    let projectId: number;
    let token: string;

    beforeAll(async () => {
      t = await createTestApp();
      source = await makeSource!();
      const tenant = await buildTenant(t.app);
      projectId = tenant.project.id;
      await pointProjectAt(t.app, projectId, source.config);
      token = (await login(t.app, tenant.members.manager.username)).accessToken;
      await insertRequests(source, seedRows(1, 120));
    });
    afterAll(async () => {
      await source?.close();
      await t?.close();
    });

    it('imports every request on the first run, through the creation path (events, audit)', async () => {
      const log = await runSync(t.app, token, projectId);
      expect(log).toMatchObject({ status: 'success', syncType: 'bonus', rowsTotal: 120, rowsRead: 120, rowsWritten: 120, rowsFailed: 0, errorMessage: null, startedByName: 'Test Kullanıcı' });
      expect(log.finishedAt).not.toBeNull();
      const rows = await requestsOf(t.app, projectId);
      expect(rows).toHaveLength(120);
      const r1 = rows.find((r) => r.externalId === 'R0001')!;
      expect(r1).toMatchObject({ customerId: 'MUS-1001', customerUsername: 'oyuncu1', customerName: 'Şükrü Öztürk', bonusType: 'cashback', amount: '25.50', priority: 2, status: 'cancelled', source: 'sync' });
      expect(rows.find((r) => r.externalId === 'R0002')).toMatchObject({ customerName: 'Çağla Güneş', description: 'Kayıp bonusu talebi 2', bonusType: 'other', status: 'new' });
      expect(rows.find((r) => r.externalId === 'R0010')).toMatchObject({ status: 'completed', bonusType: 'cashback', amount: '250.50' });
      expect(rows.find((r) => r.externalId === 'R0011')).toMatchObject({ status: 'cancelled' });
      expect(rows.find((r) => r.externalId === 'R0003')).toMatchObject({ bonusType: 'points' });

      const db = t.app.ctx.database.db;
      const [events] = await db.select({ n: count() }).from(bonusRequestEvents).where(and(eq(bonusRequestEvents.projectId, projectId), eq(bonusRequestEvents.type, 'created')));
      expect(events!.n).toBe(120);
      const audit = await db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.projectId, projectId), eq(auditLogs.resourceId, String(log.id))));
      expect(audit.map((a) => a.action).sort()).toEqual(['SYNC_FINISHED', 'SYNC_STARTED']);
      const [project] = await db.select({ lastSyncAt: projects.lastSyncAt }).from(projects).where(eq(projects.id, projectId));
      expect(project!.lastSyncAt).not.toBeNull();
    });

    it('a first import into a project already holding some of the rows updates those and creates only the rest', async () => {
      // No watermark yet: the batch is inserted first and the rows the insert skips are compared.
      const other = await buildProject(t.app);
      await pointProjectAt(t.app, other.id, source.config);
      const manager = await buildUser(t.app, { role: 'manager', projects: [other.id] });
      const otherToken = (await login(t.app, manager.username)).accessToken;
      const db = t.app.ctx.database.db;
      await db.insert(bonusRequests).values([
        { projectId: other.id, externalId: 'R0001', customerUsername: 'eski', amount: '1.00', status: 'new' },
        { projectId: other.id, externalId: 'R0002', customerUsername: 'eski', amount: '2.00', status: 'new' },
      ]);
      const log = await runSync(t.app, otherToken, other.id);
      expect(log).toMatchObject({ status: 'success', rowsRead: 120, rowsWritten: 120, rowsFailed: 0 });
      const rows = await requestsOf(t.app, other.id);
      expect(rows).toHaveLength(120);
      expect(rows.find((r) => r.externalId === 'R0001')).toMatchObject({ customerUsername: 'oyuncu1', amount: '25.50', status: 'cancelled' });
      expect(rows.find((r) => r.externalId === 'R0002')).toMatchObject({ customerUsername: 'oyuncu2', amount: '50.50', status: 'new' });
      const created = await db
        .select({ n: count() })
        .from(bonusRequestEvents)
        .where(and(eq(bonusRequestEvents.projectId, other.id), eq(bonusRequestEvents.type, 'created')));
      expect(created[0]!.n).toBe(118);
      expect((await runSync(t.app, otherToken, other.id)).rowsWritten).toBe(0);
    });

    it('writes nothing when run again with nothing changed', async () => {
      const log = await runSync(t.app, token, projectId);
      expect(log).toMatchObject({ status: 'success', rowsWritten: 0, rowsFailed: 0 });
      const rows = await requestsOf(t.app, projectId);
      expect(rows).toHaveLength(120);
      expect(Math.max(...rows.map((r) => r.version))).toBe(1);
    });

    it('imports only what changed since the watermark, and never moves a request we completed backwards', async () => {
      const db = t.app.ctx.database.db;
      const setOurs = (externalId: string, status: 'assigned' | 'completed') =>
        db.update(bonusRequests).set({ status }).where(and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.externalId, externalId)));
      await setOurs('R0003', 'assigned');
      await setOurs('R0004', 'completed');
      await source.exec(dialect(source, `update bonus_requests set status = 'approved' where external_id = $1`), ['R0003']);
      await source.exec(dialect(source, `update bonus_requests set status = 'rejected' where external_id = $1`), ['R0004']);
      await source.exec(dialect(source, `update bonus_requests set amount = 999.99 where external_id = $1`), ['R0005']);
      await insertRequests(source, seedRows(121, 122).map((r) => ({ ...r, created_at: new Date(), updated_at: new Date(), status: 'pending' })));

      const log = await runSync(t.app, token, projectId);
      expect(log).toMatchObject({ status: 'success', rowsWritten: 5, rowsFailed: 0 });
      expect(log.rowsRead).toBeLessThan(20);
      const rows = await requestsOf(t.app, projectId);
      expect(rows).toHaveLength(122);
      expect(rows.find((r) => r.externalId === 'R0003')!.status).toBe('completed');
      expect(rows.find((r) => r.externalId === 'R0004')!.status).toBe('completed');
      expect(rows.find((r) => r.externalId === 'R0005')!.amount).toBe('999.99');
      expect(rows.find((r) => r.externalId === 'R0122')!.status).toBe('new');
      const closing = await db
        .select({ type: bonusRequestEvents.type, fromStatus: bonusRequestEvents.fromStatus, toStatus: bonusRequestEvents.toStatus })
        .from(bonusRequestEvents)
        .where(eq(bonusRequestEvents.requestId, rows.find((r) => r.externalId === 'R0003')!.id));
      expect(closing).toContainEqual({ type: 'completed', fromStatus: 'assigned', toStatus: 'completed' });
    });

    it('a forced full sync reads every row and finds a change the watermark cannot see', async () => {
      await changeQuietly(source, 'R0006', '4321.00');
      const incremental = await runSync(t.app, token, projectId);
      expect(incremental.rowsWritten).toBe(0);
      const full = await runSync(t.app, token, projectId, { syncType: 'bonus', forceFullSync: true });
      expect(full).toMatchObject({ status: 'success', forceFullSync: true, rowsTotal: 122, rowsRead: 122, rowsWritten: 1 });
      expect((await requestsOf(t.app, projectId)).find((r) => r.externalId === 'R0006')!.amount).toBe('4321.00');
    });

    it('a custom sync imports the requests created in a date range and leaves the watermark alone', async () => {
      const other = await buildProject(t.app);
      await pointProjectAt(t.app, other.id, source.config);
      const manager = await buildUser(t.app, { role: 'manager', projects: [other.id] });
      const otherToken = (await login(t.app, manager.username)).accessToken;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(new Date());
      const log = await runSync(t.app, otherToken, other.id, { syncType: 'custom', dateFrom: today, dateTo: today });
      expect(log).toMatchObject({ status: 'success', syncType: 'custom', dateFrom: today, dateTo: today, rowsWritten: 2 });
      expect((await requestsOf(t.app, other.id)).map((r) => r.externalId)).toEqual(['R0121', 'R0122']);
      const marks = await t.app.ctx.database.db.select().from(syncWatermarks).where(eq(syncWatermarks.projectId, other.id));
      expect(marks).toHaveLength(0);
    });

    it('a statistics sync recomputes the stored figures of the project', async () => {
      const log = await runSync(t.app, token, projectId, { syncType: 'statistics' });
      expect(log).toMatchObject({ status: 'success', syncType: 'statistics', rowsRead: 122, rowsWritten: 1 });
      const [stats] = await t.app.ctx.database.db.select().from(projectStatistics).where(eq(projectStatistics.projectId, projectId));
      const rows = await requestsOf(t.app, projectId);
      expect(stats).toMatchObject({
        total: 122,
        completed: rows.filter((r) => r.status === 'completed').length,
        waiting: rows.filter((r) => r.status === 'new' || r.status === 'queued').length,
        problem: rows.filter((r) => r.status === 'cancelled' || r.status === 'error').length,
      });
      const again = await runSync(t.app, token, projectId, { syncType: 'statistics' });
      expect(again.rowsWritten).toBe(0);
    });

    it('imports personnel as agents: links, creates, updates, deactivates those gone, never deletes', async () => {
      const db = t.app.ctx.database.db;
      const suffix = Date.now().toString(36);
      const existing = await buildUser(t.app, { role: 'agent', projects: [projectId], username: `mevcut_${suffix}` });
      const admin = await buildUser(t.app, { role: 'admin', username: `yonetici_${suffix}` });
      await insertPersonnel(source, [
        { external_id: 'P1', username: existing.username, full_name: 'Ayşe Çelik' },
        { external_id: 'P2', username: `selin_${suffix}`, full_name: 'Selin Aydın', email: `selin_${suffix}@ornek.com.tr` },
        { external_id: 'P3', username: `mert_${suffix}`, full_name: 'Mert Kaya', active: false },
        { external_id: 'P4', username: admin.username, full_name: 'Yönetici Kişi' },
      ]);
      const first = await runSync(t.app, token, projectId, { syncType: 'personnel' });
      expect(first).toMatchObject({ status: 'partial', rowsRead: 4, rowsFailed: 1 });
      expect(first.errors[0]).toMatchObject({ externalId: 'P4' });
      expect(first.errorMessage).toBe('1 satır içe aktarılamadı');

      const members = await db
        .select({ externalId: projectMembers.externalPersonnelId, agentActive: projectMembers.agentActive, userId: users.id, role: users.role, fullName: users.fullName, username: users.username, mustChange: users.mustChangePassword })
        .from(projectMembers)
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(and(eq(projectMembers.projectId, projectId), sql`${projectMembers.externalPersonnelId} is not null`));
      const byExt = Object.fromEntries(members.map((m) => [m.externalId, m]));
      expect(byExt.P1).toMatchObject({ userId: existing.id, fullName: 'Ayşe Çelik', agentActive: true });
      expect(byExt.P2).toMatchObject({ role: 'agent', fullName: 'Selin Aydın', agentActive: true, mustChange: true });
      expect(byExt.P3).toMatchObject({ role: 'agent', agentActive: false });
      expect(byExt.P4).toBeUndefined();

      const unchanged = await runSync(t.app, token, projectId, { syncType: 'personnel' });
      expect(unchanged.rowsWritten).toBe(0);

      await source.exec(dialect(source, 'delete from personnel where external_id = $1'), ['P2']);
      await source.exec(dialect(source, 'update personnel set full_name = $1 where external_id = $2'), ['Ayşe Çelik Demir', 'P1']);
      const third = await runSync(t.app, token, projectId, { syncType: 'personnel' });
      expect(third.rowsWritten).toBe(2);
      const [p2] = await db.select({ agentActive: projectMembers.agentActive }).from(projectMembers).where(eq(projectMembers.userId, byExt.P2!.userId));
      expect(p2!.agentActive).toBe(false);
      const [stillThere] = await db.select({ id: users.id }).from(users).where(eq(users.id, byExt.P2!.userId));
      expect(stillThere).toBeDefined();
      const [p1] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, existing.id));
      expect(p1!.fullName).toBe('Ayşe Çelik Demir');
    });

    it('a bad row ends the job partial with counts and the first errors; the good rows are imported', async () => {
      await insertRequests(source, [
        { external_id: 'R0123', amount: '-5.00', created_at: new Date() },
        { external_id: 'R0124', status: 'belirsiz', created_at: new Date() },
        { external_id: 'R0125', created_at: new Date() },
      ]);
      const log = await runSync(t.app, token, projectId);
      expect(log).toMatchObject({ status: 'partial', rowsFailed: 2, rowsWritten: 1, errorMessage: '2 satır içe aktarılamadı' });
      expect(log.errors).toEqual(
        expect.arrayContaining([
          { externalId: 'R0123', message: 'Tutar negatif olamaz' },
          { externalId: 'R0124', message: 'Tanınmayan durum: "belirsiz"' },
        ]),
      );
      const ids = (await requestsOf(t.app, projectId)).map((r) => r.externalId);
      expect(ids).toContain('R0125');
      expect(ids).not.toContain('R0123');
    });

    it('a wrong password or an unreachable host ends the job failed with a clear message and no password anywhere', async () => {
      const wrongPassword = `Yanlis-${Date.now()}-Sifre`;
      const bad = await buildProject(t.app);
      const manager = await buildUser(t.app, { role: 'manager', projects: [bad.id] });
      const badToken = (await login(t.app, manager.username)).accessToken;
      // Local PostgreSQL trusts every password, so there a wrong login name stands for bad credentials.
      const user = source.kind === 'postgres' ? `${source.config.user}_yok` : source.config.user;
      await pointProjectAt(t.app, bad.id, { ...source.config, user, password: wrongPassword });
      const denied = await runSync(t.app, badToken, bad.id);
      expect(denied.status).toBe('failed');
      expect(denied.errorMessage).toBe(`Proje veritabanına giriş reddedildi: "${user}" kullanıcısının adı veya şifresi hatalı`);

      await pointProjectAt(t.app, bad.id, { ...source.config, host: '127.0.0.1', port: 1, password: wrongPassword });
      const unreachable = await runSync(t.app, badToken, bad.id);
      expect(unreachable).toMatchObject({ status: 'failed', errorMessage: 'Proje veritabanına bağlanılamadı: 127.0.0.1:1 bağlantıyı reddetti' });

      const audit = await t.app.ctx.database.db.select({ action: auditLogs.action, details: auditLogs.details }).from(auditLogs).where(eq(auditLogs.projectId, bad.id));
      expect(audit.filter((a) => a.action === 'SYNC_FAILED')).toHaveLength(2);
      const everything = [t.logs.join('\n'), JSON.stringify(audit), JSON.stringify(denied), JSON.stringify(unreachable)].join('\n');
      expect(everything).not.toContain(wrongPassword);
      expect(everything).not.toContain(source.config.password);
    });

    it('reads the optional customer_segment column once the source has it', async () => {
      await source.exec('alter table bonus_requests add column customer_segment varchar(20)', []);
      const now = new Date();
      await insertRequests(source, seedRows(200, 202).map((r) => ({ ...r, created_at: now, updated_at: now, status: 'pending' })));
      await source.exec(dialect(source, `update bonus_requests set customer_segment = $1 where external_id = $2`), ['vip', 'R0200']);
      await source.exec(dialect(source, `update bonus_requests set customer_segment = $1 where external_id = $2`), ['Yüksek Risk', 'R0201']);
      await source.exec(dialect(source, `update bonus_requests set customer_segment = $1 where external_id = $2`), ['platin', 'R0202']);
      // The bad rows of the test before are still in the source (partial); the new rows come in.
      expect((await runSync(t.app, token, projectId)).status).not.toBe('failed');
      const segments = Object.fromEntries(
        (await requestsOf(t.app, projectId)).filter((r) => ['R0200', 'R0201', 'R0202'].includes(r.externalId ?? '')).map((r) => [r.externalId, r.customerSegment]),
      );
      // An unknown value is no error: the row comes in without a segment.
      expect(segments).toEqual({ R0200: 'vip', R0201: 'high_risk', R0202: null });
    });
  });
}
