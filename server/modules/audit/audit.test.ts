import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { writeAudit } from './write-audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const rowCount = async () => (await t.app.ctx.database.db.select({ n: count() }).from(auditLogs))[0]!.n;

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { members } = await buildTenant(t.app);
    await login(t.app, members.agent.username);
    const before = await rowCount();
    expect(before).toBeGreaterThan(0);
    await expect(t.app.ctx.database.query(`update audit_logs set action = 'X'`)).rejects.toThrow(/append-only/);
    await expect(t.app.ctx.database.query(`delete from audit_logs`)).rejects.toThrow(/append-only/);
    await expect(t.app.ctx.database.query(`truncate audit_logs`)).rejects.toThrow(/append-only/);
    await expect(t.app.ctx.database.db.update(auditLogs).set({ severity: 'low' })).rejects.toThrow();
    expect(await rowCount()).toBe(before);
    const [changed] = await t.app.ctx.database.query<{ n: number }>(`select count(*)::int as n from audit_logs where action = 'X'`);
    expect(changed!.n).toBe(0);
  });

  it('offers no endpoint that changes or removes a row', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.super_admin.username);
    const list = await get(`/api/projects/${project.id}/audit-logs`, accessToken);
    const id = list.json().data.items[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/projects/${project.id}/audit-logs/${id}`, headers: bearer(accessToken), payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('reading a project audit log', () => {
  it('names each row’s resource as people know it: a request by its reference, a session by its owner; raw ids only in the row', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.manager.username);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(accessToken), payload });
    const created = await post(`/api/bonus/projects/${project.id}/requests`, { externalId: 'GOLD-103185', customerUsername: 'oyuncu_1', bonusType: 'cashback', amount: '250', priority: 3 });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect((await post(`/api/bonus/projects/${project.id}/requests/${id}/assign`, {})).statusCode).toBe(200);
    const rows = (await get(`/api/projects/${project.id}/audit-logs?limit=100`, accessToken)).json().data.items as { action: string; resourceId: string; resourceName: string | null; username: string }[];
    const claim = rows.find((r) => r.action === 'ASSIGN_BONUS_REQUEST' && r.resourceId === String(id));
    expect(claim).toMatchObject({ resourceName: 'GOLD-103185' });
    const signIn = rows.find((r) => r.action === 'LOGIN' && r.username === members.manager.username);
    expect(signIn?.resourceName).toBe(members.manager.fullName);
    const one = (await get(`/api/projects/${project.id}/audit-logs/${(claim as unknown as { id: number }).id}`, accessToken)).json().data;
    expect(one).toMatchObject({ resourceId: String(id), resourceName: 'GOLD-103185' });
    // The ids in its details come with the people's names.
    expect(one.details).toMatchObject({ agentId: members.manager.id, assignedBy: members.manager.id });
    expect(one.people).toEqual({ [String(members.manager.id)]: members.manager.fullName });
  });

  it("shows the project's rows and its members' sign-ins, nothing of other projects", async () => {
    const { project, members } = await buildTenant(t.app);
    const other = await buildProject(t.app);
    const stranger = await buildUser(t.app, { role: 'agent', projects: [other.id] });
    await login(t.app, members.agent.username);
    await login(t.app, stranger.username);
    await writeAudit(t.app.ctx.database.db, {
      actor: { id: null, username: 'sistem' },
      action: 'SYNC_STARTED',
      projectId: other.id,
      details: { syncType: 'bonus', forceFullSync: false, trigger: 'schedule', dateFrom: null, dateTo: null },
    });
    const { accessToken } = await login(t.app, members.manager.username);
    const res = await get(`/api/projects/${project.id}/audit-logs?limit=100`, accessToken);
    const rows = res.json().data.items as { username: string; action: string; projectId: number | null }[];
    expect(rows.filter((r) => r.action === 'LOGIN').map((r) => r.username)).toEqual(expect.arrayContaining([members.agent.username, members.manager.username]));
    expect(rows.map((r) => r.username)).not.toContain(stranger.username);
    expect(rows.some((r) => r.projectId === other.id)).toBe(false);

    const foreignRow = (await t.app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.projectId, other.id)))[0]!;
    const one = await get(`/api/projects/${project.id}/audit-logs/${foreignRow.id}`, accessToken);
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe('Log bulunamadı');
  });

  it('filters by search, severity, category and date range, pages, and counts for the stat cards', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const db = t.app.ctx.database.db;
    // Rows inserted as they are: the filters read any stored row, whatever the catalogue says today.
    const entry = { userId: members.admin.id, username: members.admin.username, resource: 'test', projectId: project.id } as const;
    await db.insert(auditLogs).values({ ...entry, action: 'FORCE_OFFLINE', severity: 'critical', category: 'security', details: { reason: 'aranan-kelime' } });
    await db.insert(auditLogs).values({ ...entry, action: 'UPDATE_AGENT', severity: 'high', category: 'user' });
    await db.insert(auditLogs).values({ ...entry, action: 'UPDATE_AGENT', severity: 'low', category: 'user' });
    // An old row: written now, dated 40 days back through a fresh insert (rows cannot be updated).
    await db.insert(auditLogs).values({ ...entry, action: 'SYSTEM_CONFIG_CHANGE', severity: 'medium', category: 'system', timestamp: sql`now() - interval '40 days'` });

    const base = `/api/projects/${project.id}/audit-logs`;
    const ids = async (q: string) => (await get(`${base}?${q}`, accessToken)).json().data.items.map((r: { action: string }) => r.action);
    expect(await ids('search=aranan')).toEqual(['FORCE_OFFLINE']);
    expect(await ids('severity=high')).toEqual(['UPDATE_AGENT']);
    expect(await ids('category=system')).toEqual(['SYSTEM_CONFIG_CHANGE']);
    expect(await ids('category=system&dateRange=month')).toEqual([]);
    expect(await ids('dateRange=today&category=user')).toEqual(['UPDATE_AGENT', 'UPDATE_AGENT']);

    const page = (await get(`${base}?limit=2&page=2`, accessToken)).json().data;
    expect(page).toMatchObject({ page: 2, limit: 2 });
    expect(page.totalPages).toBe(Math.ceil(page.total / 2));

    const stats = (await get(`${base}/stats?period=30d`, accessToken)).json().data;
    // The 40-day-old row is outside; sign-ins of the tenant (5 members, one login) are inside.
    expect(stats).toMatchObject({ period: '30d', highSeverity: 2, securityEvents: 1, failedLogins: 0 });
    expect(stats.bySeverity).toMatchObject({ critical: 1, high: 1, medium: 0 });
    expect(stats.byCategory.system).toBe(0);
    expect(stats.total).toBe(Object.values(stats.bySeverity as Record<string, number>).reduce((a, b) => a + b, 0));
    const ninety = (await get(`${base}/stats?period=90d`, accessToken)).json().data;
    expect(ninety.byCategory.system).toBe(1);
    expect((await get(`${base}/stats?period=1y`, accessToken)).statusCode).toBe(400);
  });
});

describe('the system-wide audit view (finding 10 of issue 14)', () => {
  it('shows a super admin the rows of no project, with the same filters; nobody else may read it', async () => {
    const { members } = await buildTenant(t.app);
    const session = await login(t.app, members.agent.username);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(session.accessToken),
      payload: { currentPassword: 'test-password-1', newPassword: 'yepyeni-sifre-42' },
    });
    expect(changed.statusCode).toBe(200);
    await writeAudit(t.app.ctx.database.db, {
      actor: { id: members.agent.id, username: null },
      action: 'TOKEN_REUSE_DETECTED',
      resourceId: 'abc',
      details: { note: 'test' },
    });
    const { accessToken } = await login(t.app, members.super_admin.username);
    const all = await get('/api/audit-logs?category=security&limit=100', accessToken);
    expect(all.statusCode, all.body).toBe(200);
    const actions = all.json().data.items.map((r: { action: string; projectId: number | null }) => [r.action, r.projectId]);
    expect(actions).toEqual(expect.arrayContaining([['CHANGE_PASSWORD', null], ['TOKEN_REUSE_DETECTED', null]]));
    const critical = await get('/api/audit-logs?severity=critical&search=TOKEN_REUSE', accessToken);
    expect(critical.json().data.items.every((r: { severity: string }) => r.severity === 'critical')).toBe(true);
    expect(critical.json().data.total).toBeGreaterThan(0);
    const one = await get(`/api/audit-logs/${critical.json().data.items[0].id}`, accessToken);
    expect(one.json().data.action).toBe('TOKEN_REUSE_DETECTED');
    for (const role of ['admin', 'manager', 'operator', 'agent'] as const) {
      if (role === 'agent') continue; // the agent's password changed above
      const other = await login(t.app, members[role].username);
      expect((await get('/api/audit-logs', other.accessToken)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(401);
  });
});
