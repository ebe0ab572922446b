import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@common/enums';
import { SYNC_MESSAGES } from '@common/schemas/bridge-sync';
import { SOCKET_EVENTS } from '@common/socket-events';
import { auditLogs, projects } from '../../db/schema';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { connectSocket, listen } from '../../test/socket-client';
import { accessRules } from './access.test-table';
import { ago, pointProjectAt, runSync, startSync, waitForSync } from './test-support/sync-test-kit';
import { embeddedSource, insertRequests, type EmbeddedTestSource } from './test-support/test-sources';

let t: TestApp;
let source: EmbeddedTestSource;
beforeAll(async () => {
  t = await createTestApp();
  source = await embeddedSource();
  await insertRequests(
    source,
    Array.from({ length: 30 }, (_, i) => ({ external_id: `T${100 + i}`, amount: '150.00', created_at: ago(1, i), updated_at: ago(1, i) })),
  );
});
afterAll(async () => {
  await source?.close();
  await t?.close();
});

/** A tenant whose project reads the embedded source. */
async function tenantWithSource() {
  const tenant = await buildTenant(t.app);
  await pointProjectAt(t.app, tenant.project.id, source.config);
  const token = async (role: keyof typeof tenant.members) => (await login(t.app, tenant.members[role].username)).accessToken;
  return { ...tenant, token };
}

describe('access', () => {
  it('every endpoint: 401 without a token, 404 for a foreign project, 403 for roles without the permission', async () => {
    const tenant = await buildTenant(t.app);
    // An unreachable source: allowed starts fail at once instead of importing.
    await pointProjectAt(t.app, tenant.project.id, { dbType: 'postgresql', host: '127.0.0.1', port: 1, database: 'x', user: 'x', password: '' });
    const tokens = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, (await login(t.app, tenant.members[r].username)).accessToken] as const)));
    for (const rule of accessRules) {
      const call = (projectId: number, token?: string) =>
        t.app.inject({
          method: rule.method,
          url: rule.url.replace(':projectId', String(projectId)),
          headers: token ? bearer(token) : {},
          ...(rule.method === 'POST' ? { payload: { syncType: 'statistics' } } : {}),
        });
      expect((await call(tenant.project.id)).statusCode, rule.url).toBe(401);
      for (const role of ROLES) {
        const own = await call(tenant.project.id, tokens[role]);
        const allowed = rule.roles !== 'public' && rule.roles.includes(role);
        if (allowed) expect([200, 202, 409], `${rule.method} ${rule.url} as ${role}: ${own.body}`).toContain(own.statusCode);
        else expect(own.statusCode, `${rule.method} ${rule.url} as ${role}`).toBe(403);
        if (role !== 'super_admin') {
          const foreign = await call(tenant.foreign.id, tokens[role]);
          expect(foreign.statusCode).toBe(404);
          expect(foreign.json().message).toBe('Proje bulunamadı');
        }
      }
    }
  });
});

describe('starting a job', () => {
  it('answers at once with the new running log row; the job finishes in the background', async () => {
    const { project, members, token } = await tenantWithSource();
    const operator = await token('operator');
    const release = await source.hold();
    let started: { id: number };
    try {
      const res = await startSync(t.app, await token('manager'), project.id, { syncType: 'bonus', forceFullSync: false });
      expect(res.statusCode).toBe(202);
      started = res.json().data;
      expect(started).toMatchObject({ projectId: project.id, syncType: 'bonus', status: 'running', finishedAt: null, trigger: 'manual', startedByUserId: members.manager.id, startedByName: 'Test Kullanıcı' });
      const status = await t.app.inject({ method: 'GET', url: `/api/bridge/projects/${project.id}/sync/status`, headers: bearer(operator) });
      expect(status.json().data).toMatchObject({ isRunning: true, current: { logId: started.id, status: 'running' } });
    } finally {
      release();
    }
    const done = await waitForSync(t.app, started!.id);
    expect(done).toMatchObject({ status: 'success', rowsWritten: 30 });
  });

  it('two starts at once make one job; the other gets 409 "Senkronizasyon zaten çalışıyor"', async () => {
    const { project, token } = await tenantWithSource();
    const manager = await token('manager');
    const admin = await token('admin');
    const release = await source.hold();
    let answers: Awaited<ReturnType<typeof startSync>>[];
    try {
      answers = await Promise.all([
        ...Array.from({ length: 3 }, () => startSync(t.app, manager, project.id)),
        ...Array.from({ length: 3 }, () => t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/bridge-sync/start`, headers: bearer(admin) })),
      ]);
    } finally {
      release();
    }
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([202, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json()).toEqual({ success: false, code: 'SYNC_RUNNING', message: SYNC_MESSAGES.alreadyRunning });
    await waitForSync(t.app, answers.find((a) => a.statusCode === 202)!.json().data.id);
    const again = await startSync(t.app, manager, project.id);
    expect(again.statusCode).toBe(202);
    await waitForSync(t.app, again.json().data.id);
  });

  it('the start route without a body runs a bonus sync', async () => {
    const { project, token } = await tenantWithSource();
    const res = await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/bridge-sync/start`, headers: bearer(await token('manager')) });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.syncType).toBe('bonus');
    await waitForSync(t.app, res.json().data.id);
  });

  it('refuses bad payloads with Turkish messages per field, and never answers 5xx', async () => {
    const { project, token } = await tenantWithSource();
    const manager = await token('manager');
    const custom = await startSync(t.app, manager, project.id, { syncType: 'custom' });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().errors).toEqual({ dateFrom: SYNC_MESSAGES.dateFromRequired, dateTo: SYNC_MESSAGES.dateToRequired });
    const order = await startSync(t.app, manager, project.id, { syncType: 'custom', dateFrom: '2024-10-05', dateTo: '2024-10-01' });
    expect(order.json().errors).toEqual({ dateTo: SYNC_MESSAGES.dateOrder });
    const badDate = await startSync(t.app, manager, project.id, { syncType: 'custom', dateFrom: '2024-02-30', dateTo: '2024-03-01' });
    expect(badDate.json().errors).toEqual({ dateFrom: SYNC_MESSAGES.dateInvalid });
    const badType = await t.app.inject({ method: 'POST', url: `/api/bridge/projects/${project.id}/sync`, headers: bearer(manager), payload: { syncType: 'her-sey', forceFullSync: 'evet' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toEqual({ syncType: SYNC_MESSAGES.syncTypeInvalid, forceFullSync: SYNC_MESSAGES.forceFullSyncInvalid });
    // Hostile bodies at scale: server/test/api-fuzz-bodies.test.ts.
  });

  it('refuses to start for an inactive project', async () => {
    const { project, token } = await tenantWithSource();
    await t.app.ctx.database.db.update(projects).set({ isActive: false }).where(eq(projects.id, project.id));
    const res = await startSync(t.app, await token('admin'), project.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SYNC_MESSAGES.projectInactive);
  });

  it('reports progress and the end to the project room over the socket', async () => {
    const { project, token } = await tenantWithSource();
    const base = await listen(t.app);
    const { socket, error } = await connectSocket(base, { token: await token('operator'), projectId: project.id });
    expect(error).toBeUndefined();
    const progress: { logId: number; status: string }[] = [];
    socket.on(SOCKET_EVENTS.syncProgress, (p) => progress.push(p));
    const finished = new Promise<{ id: number; status: string; rowsWritten: number }>((resolve) => socket.once(SOCKET_EVENTS.syncFinished, resolve));
    const log = await runSync(t.app, await token('manager'), project.id);
    const end = await finished;
    socket.close();
    expect(end).toMatchObject({ id: log.id, status: 'success', rowsWritten: 30 });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({ logId: log.id, status: 'running' });
  });
});

describe('logs, status and stats', () => {
  it('lists logs newest first, paged, with counts and who started them; status and stats agree', async () => {
    const { project, token } = await tenantWithSource();
    const manager = await token('manager');
    const operator = await token('operator');
    const first = await runSync(t.app, manager, project.id);
    const second = await runSync(t.app, manager, project.id, { syncType: 'statistics' });
    await pointProjectAt(t.app, project.id, { ...source.config, password: 'yanlis' });
    const third = await runSync(t.app, manager, project.id);
    expect(third.status).toBe('failed');

    const page1 = await t.app.inject({ method: 'GET', url: `/api/bridge/projects/${project.id}/sync/logs?limit=2`, headers: bearer(operator) });
    expect(page1.statusCode).toBe(200);
    const data = page1.json().data;
    expect(data).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(data.items.map((l: { id: number }) => l.id)).toEqual([third.id, second.id]);
    expect(data.items[0]).toMatchObject({ syncType: 'bonus', status: 'failed', startedByName: 'Test Kullanıcı', errorMessage: expect.stringContaining('giriş reddedildi') });
    const page2 = await t.app.inject({ method: 'GET', url: `/api/bridge/projects/${project.id}/sync/logs?limit=2&page=2`, headers: bearer(operator) });
    expect(page2.json().data.items).toHaveLength(1);
    expect(page2.json().data.items[0]).toMatchObject({ id: first.id, rowsRead: 30, rowsWritten: 30, rowsFailed: 0, rowsTotal: 30 });

    const status = await t.app.inject({ method: 'GET', url: `/api/bridge/projects/${project.id}/sync/status`, headers: bearer(operator) });
    expect(status.json().data).toEqual({
      isRunning: false,
      statistics: { total: 3, success: 2, partial: 0, failed: 1 },
      latestSync: { id: third.id, startedAt: third.startedAt, status: 'failed', syncType: 'bonus' },
      current: null,
    });
    const stats = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/bridge-sync/stats?period=30d`, headers: bearer(operator) });
    expect(stats.json().data).toMatchObject({ period: '30d', total: 3, success: 2, failed: 1, successRate: 66.7, rowsWritten: 31, byType: { bonus: 2, statistics: 1, personnel: 0, custom: 0 } });
    const defaulted = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/bridge-sync/stats`, headers: bearer(operator) });
    expect(defaulted.json().data.period).toBe('30d');
    const bad = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/bridge-sync/stats?period=ay`, headers: bearer(operator) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SYNC_MESSAGES.periodInvalid);
  });

  it('an empty project has no logs, a zero status and latestSync null', async () => {
    const project = await buildProject(t.app);
    const operator = await buildUser(t.app, { role: 'operator', projects: [project.id] });
    const token = (await login(t.app, operator.username)).accessToken;
    const logs = await t.app.inject({ method: 'GET', url: `/api/bridge/projects/${project.id}/sync/logs`, headers: bearer(token) });
    expect(logs.json().data).toEqual({ items: [], total: 0, page: 1, limit: 20, totalPages: 1 });
    const status = await t.app.inject({ method: 'GET', url: `/api/bridge/projects/${project.id}/sync/status`, headers: bearer(token) });
    expect(status.json().data).toEqual({ isRunning: false, statistics: { total: 0, success: 0, partial: 0, failed: 0 }, latestSync: null, current: null });
  });

  it('every start and end writes an audit row', async () => {
    const { project, token } = await tenantWithSource();
    const log = await runSync(t.app, await token('admin'), project.id);
    const rows = await t.app.ctx.database.db
      .select({ action: auditLogs.action, username: auditLogs.username })
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'sync_log'), eq(auditLogs.resourceId, String(log.id))));
    expect(rows.map((r) => r.action).sort()).toEqual(['SYNC_FINISHED', 'SYNC_STARTED']);
    expect(rows.every((r) => r.username?.startsWith('user'))).toBe(true);
  });
});
