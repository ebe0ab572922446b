import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bonusRequestEvents, bonusRequests, projectSettings } from '../../db/schema';
import { bonusTestBed, insertRequests } from '../bonus/bonus-test-kit';
import { bearer, buildUser } from '../../test/harness';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
const at = (iso: string) => new Date(iso);
const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000);

async function getJson(url: string, token = bed.tokens.manager) {
  const res = await bed.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}
const reportUrl = (type: string, q: string, projectId = bed.project.id) => `/api/projects/${projectId}/reports/${type}?${q}`;

/** Every roll-up row with a non-zero figure, as text, to compare with a rebuild from scratch. */
async function rollupSnapshot(projectId: number) {
  const rows = await bed.app.ctx.database.query<{ t: string }>(
    `select 'd' || day || bonus_type || status || n || '/' || amount || '/' || proc_n || '/' || proc_ms t from bonus_request_daily where project_id = $1 and (n <> 0 or amount <> 0)
     union all select 'h' || day || hour || '/' || n from bonus_request_hourly where project_id = $1 and n <> 0
     union all select 'a' || day || agent_id || '/' || completed || '/' || amount || '/' || proc_n || '/' || proc_ms || '/' || requeues from bonus_request_daily_agents where project_id = $1 and (completed <> 0 or requeues <> 0 or amount <> 0)
     union all select 'm' || day || agent_id || '/' || minutes || '/' || n from bonus_request_proc_minutes where project_id = $1 and n <> 0
     order by 1`,
    [projectId],
  );
  return rows.map((r) => r.t);
}

let agentA: { id: number };
let agentB: { id: number };

beforeAll(async () => {
  bed = await bonusTestBed();
  agentA = await buildUser(bed.app, { role: 'agent', projects: [bed.project.id] });
  agentB = await buildUser(bed.app, { role: 'agent', projects: [bed.project.id] });
  const p = bed.project.id;
  // March 2026 in Istanbul (UTC+3). 22:30 UTC on the 9th is 01:30 on the 10th there.
  await insertRequests(bed.app, p, [
    // completed by A: 10, 20 and 40 minutes; B: 90 minutes
    { bonusType: 'cashback', amount: '100.10', status: 'completed', createdAt: at('2026-03-10T08:00:00Z'), assignedAt: at('2026-03-10T08:00:00Z'), completedAt: minutes('2026-03-10T08:00:00Z', 10), assignedUserId: agentA.id, completedByUserId: agentA.id },
    { bonusType: 'cashback', amount: '200.20', status: 'completed', createdAt: at('2026-03-10T09:00:00Z'), assignedAt: at('2026-03-10T09:00:00Z'), completedAt: minutes('2026-03-10T09:00:00Z', 20), assignedUserId: agentA.id, completedByUserId: agentA.id },
    { bonusType: 'points', amount: '300.30', status: 'completed', createdAt: at('2026-03-09T22:30:00Z'), assignedAt: at('2026-03-09T22:30:00Z'), completedAt: minutes('2026-03-09T22:30:00Z', 40), assignedUserId: agentA.id, completedByUserId: agentA.id },
    { bonusType: 'other', amount: '400.40', status: 'completed', createdAt: at('2026-03-11T10:00:00Z'), assignedAt: at('2026-03-11T10:00:00Z'), completedAt: minutes('2026-03-11T10:00:00Z', 90), assignedUserId: agentB.id, completedByUserId: agentB.id },
    { bonusType: 'cashback', amount: '50.00', status: 'cancelled', createdAt: at('2026-03-10T10:00:00Z') },
    { bonusType: 'cashback', amount: '60.00', status: 'error', createdAt: at('2026-03-10T11:00:00Z') },
    { bonusType: 'points', amount: '70.00', status: 'queued', createdAt: at('2026-03-10T12:00:00Z') },
    // 20:59 UTC on the 9th is 23:59 on the 9th in Istanbul: outside a range starting on the 10th.
    { bonusType: 'points', amount: '999.00', status: 'completed', createdAt: at('2026-03-09T20:59:00Z'), assignedAt: at('2026-03-09T20:59:00Z'), completedAt: minutes('2026-03-09T20:59:00Z', 5), assignedUserId: agentB.id, completedByUserId: agentB.id },
  ]);
  const [queued] = await bed.app.ctx.database.db.select().from(bonusRequests).where(eq(bonusRequests.status, 'queued'));
  await bed.app.ctx.database.db.insert(bonusRequestEvents).values([
    { requestId: queued!.id, projectId: p, type: 'requeued', details: { previousAssignee: agentB.id }, createdAt: at('2026-03-10T13:00:00Z') },
  ]);
});
afterAll(async () => {
  await bed?.close();
});

describe('reports over the roll-ups', () => {
  it('gives each figure exactly, on Istanbul days', async () => {
    const { status, body } = await getJson(reportUrl('agents', 'from=2026-03-10&to=2026-03-11'));
    expect(status).toBe(200);
    const r = body.data;
    expect(r.totalRequests).toBe(7);
    expect(r.completedRequests).toBe(4);
    expect(r.totalAmount).toBe('1001.00');
    expect(r.completionRate).toBe(57.1); // 4 / 7
    expect(r.successRate).toBe(66.7); // 4 / (4 + 1 + 1)
    expect(r.averageProcessingTime).toBe(40); // (10 + 20 + 40 + 90) / 4
    expect(r.medianProcessingTime).toBe(20); // nearest rank 2 of 4
    expect(r.p90ProcessingTime).toBe(90);
    expect(r.dailyAverage).toBe(3.5);
    expect(r.requeueCount).toBe(1);
    expect(r.topAgents).toEqual([
      { agentId: agentA.id, name: 'Test Kullanıcı', completedCount: 3, totalAmount: '600.60' },
      { agentId: agentB.id, name: 'Test Kullanıcı', completedCount: 1, totalAmount: '400.40' },
    ]);
    const agents = r.parts[0].rows;
    expect(agents[0]).toMatchObject({ completed: 3, amount: '600.60', average: 23.3, p90: 40, requeues: 0 });
    expect(agents[1]).toMatchObject({ completed: 1, amount: '400.40', average: 90, p90: 90, requeues: 1 });
  });

  it('puts 22:30 UTC on the next Istanbul day and 20:59 UTC on the same one', async () => {
    const ninth = (await getJson(reportUrl('bonus', 'from=2026-03-09&to=2026-03-09'))).body.data;
    expect(ninth.totalRequests).toBe(1);
    expect(ninth.totalAmount).toBe('999.00');
    const tenth = (await getJson(reportUrl('bonus', 'from=2026-03-10&to=2026-03-10'))).body.data;
    expect(tenth.totalRequests).toBe(6);
    expect(tenth.parts[0].rows).toEqual([{ day: '2026-03-10', created: 6, completed: 3, problem: 2, amount: '600.60' }]);
    const hourly = (await getJson(reportUrl('performance', 'from=2026-03-10&to=2026-03-10'))).body.data.parts[1].rows;
    expect(hourly[1]).toMatchObject({ hour: '01:00', count: 1 }); // 22:30 UTC
  });

  it('gives nulls for an empty period, and the month period works', async () => {
    const r = (await getJson(reportUrl('financial', 'period=2025-01'))).body.data;
    expect(r.period).toEqual({ from: '2025-01-01', to: '2025-01-31', days: 31, label: '2025-01' });
    expect(r).toMatchObject({ totalRequests: 0, completedRequests: 0, totalAmount: '0.00', completionRate: null, successRate: null, averageProcessingTime: null, medianProcessingTime: null, p90ProcessingTime: null, requeueCount: 0 });
    const month = (await getJson(reportUrl('financial', 'period=2026-03'))).body.data;
    expect(month.totalRequests).toBe(8);
    expect(month.parts[0].rows).toContainEqual({ bonusType: 'Puan', status: 'Tamamlandı', count: 2, amount: '1299.30' });
  });

  it('refuses bad periods with Turkish messages, agents and foreign projects', async () => {
    expect((await getJson(reportUrl('bonus', 'from=2026-01-01&to=2027-01-03'))).status).toBe(400);
    expect((await getJson(reportUrl('bonus', 'from=2026-03-10'))).status).toBe(400);
    expect((await getJson(reportUrl('bonus', 'period=2026-13'))).body.errors).toEqual({ period: 'Ay YYYY-AA biçiminde olmalıdır (ör. 2026-11)' });
    expect((await getJson(reportUrl('nope', 'period=2026-03'))).status).toBe(400);
    expect((await getJson(reportUrl('bonus', 'period=2026-03'), bed.tokens.agent)).status).toBe(403);
    expect((await getJson(reportUrl('bonus', 'period=2026-03', bed.foreign.id))).status).toBe(404);
    expect((await getJson(`/api/projects/${bed.foreign.id}/dashboard/stats`)).status).toBe(404);
  });
});

describe('roll-ups stay exact', () => {
  it('through updates, deletes and a time-zone change', async () => {
    const db = bed.app.ctx.database.db;
    const p = bed.project.id;
    await db.update(bonusRequests).set({ status: 'cancelled' }).where(eq(bonusRequests.status, 'queued'));
    await db.update(bonusRequests).set({ description: 'not analytic' }).where(eq(bonusRequests.projectId, p));
    await db.update(bonusRequests).set({ amount: sql`${bonusRequests.amount} + 1` }).where(eq(bonusRequests.bonusType, 'other'));
    await db.delete(bonusRequests).where(eq(bonusRequests.status, 'error'));
    const live = await rollupSnapshot(p);
    await bed.app.ctx.database.query('select bonus_request_rollups_rebuild($1)', [p]);
    expect(await rollupSnapshot(p)).toEqual(live);

    // In UTC the 22:30 request is on the 9th.
    await db.update(projectSettings).set({ timezone: 'UTC' }).where(eq(projectSettings.projectId, p));
    const ninth = (await getJson(reportUrl('bonus', 'from=2026-03-09&to=2026-03-09'))).body.data;
    expect(ninth.totalRequests).toBe(2);
    await db.update(projectSettings).set({ timezone: 'Europe/Istanbul' }).where(eq(projectSettings.projectId, p));
    expect(await rollupSnapshot(p)).toEqual(live);
  });
});

describe('dashboard', () => {
  it('stats over the last days, empty → nulls; health and activity are real', async () => {
    const p = bed.project.id;
    const empty = (await getJson(`/api/projects/${p}/dashboard/stats?period=7d`)).body.data;
    expect(empty).toMatchObject({ totalRequests: 0, totalRevenue: '0.00', successRate: null, averageProcessingTime: null, medianProcessingTime: null, activeAgents: 0, dailyAverage: 0 });
    expect(empty.period.days).toBe(7);
    const now = bed.clock.now();
    await insertRequests(bed.app, p, [
      { amount: '12.34', status: 'completed', createdAt: now, assignedAt: now, completedAt: minutes(now.toISOString(), 3), completedByUserId: agentA.id },
      { amount: '1.00', status: 'new', createdAt: minutes(now.toISOString(), -30) },
    ]);
    const stats = (await getJson(`/api/projects/${p}/dashboard/stats?period=7d`)).body.data;
    expect(stats).toMatchObject({ totalRequests: 2, completedRequests: 1, totalRevenue: '12.34', successRate: 100, averageProcessingTime: 3, medianProcessingTime: 3, dailyAverage: 0.3 });
    const perf = (await getJson(`/api/projects/${p}/dashboard/performance?period=7d`)).body.data;
    expect(perf.timeSeries.labels).toHaveLength(7);
    expect(perf.timeSeries.datasets[0].data.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect(perf.statusDistribution.data).toEqual([1, 0, 1, 0, 0]);
    const health = (await getJson(`/api/projects/${p}/dashboard/health`)).body.data;
    expect(health.database.status).toBe('up');
    expect(health.oldestWaitingMinutes).toBeGreaterThanOrEqual(29);
    expect(health.openSockets).toBe(0);
    expect((await getJson(`/api/projects/${p}/dashboard/stats?period=8d`)).status).toBe(400);
    const activity = await getJson(`/api/projects/${p}/dashboard/activity?limit=5`, bed.tokens.agent);
    expect(activity.status).toBe(200);
    expect(activity.body.data[0]).toMatchObject({ action: 'requeued' });
  });
});
