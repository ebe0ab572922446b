import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERFORMANCE_DEFINITION } from '@common/agent-metrics';
import { AGENT_MESSAGES } from '@common/schemas/agents';
import { auditLogs, bonusRequests, projectMembers, users } from '../../db/schema';
import { bearer, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { isAvailableForWork } from './presence';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MIN = 60_000;
const DAY = 86_400_000;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A request completed by the user, `handleMin` minutes after they took it, `daysAgo` days ago. */
async function completed(projectId: number, userId: number, opts: { daysAgo: number; handleMin: number; amount: string }) {
  const done = new Date(Date.now() - opts.daysAgo * DAY);
  await t.app.ctx.database.db.insert(bonusRequests).values({
    projectId,
    status: 'completed',
    amount: opts.amount,
    assignedUserId: userId,
    assignedAt: new Date(done.getTime() - opts.handleMin * MIN),
    completedByUserId: userId,
    completedAt: done,
    createdAt: new Date(done.getTime() - (opts.handleMin + 5) * MIN),
  });
}
async function carrying(projectId: number, userId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await t.app.ctx.database.db
      .insert(bonusRequests)
      .values({ projectId, status: i % 2 ? 'in_progress' : 'assigned', assignedUserId: userId, assignedAt: new Date() });
  }
}

describe('agent figures come from the data', () => {
  it('load, totals, performance (share completed within the SLA over 30 days) and filters', async () => {
    const { project, members } = await buildTenant(t.app);
    const agent = members.agent;
    const idle = await buildUser(t.app, { role: 'agent', projects: [project.id], username: `bosta${Date.now()}` });
    await completed(project.id, agent.id, { daysAgo: 1, handleMin: 10, amount: '100.50' });
    await completed(project.id, agent.id, { daysAgo: 2, handleMin: 25, amount: '200.00' });
    await completed(project.id, agent.id, { daysAgo: 3, handleMin: 5, amount: '50.00' });
    await completed(project.id, agent.id, { daysAgo: 4, handleMin: 120, amount: '49.50' });
    await completed(project.id, agent.id, { daysAgo: 40, handleMin: 500, amount: '1000.00' });
    await carrying(project.id, agent.id, 5);

    const { accessToken } = await login(t.app, members.manager.username);
    const res = await call('GET', `/api/projects/${project.id}/agents`, accessToken);
    expect(res.statusCode).toBe(200);
    const { items, totals } = res.json().data;
    // Workers only: agents and operators.
    expect(items.map((a: { id: number }) => a.id).sort()).toEqual([agent.id, idle.id, members.operator.id].sort());
    const a = items.find((x: { id: number }) => x.id === agent.id);
    expect(a).toMatchObject({
      currentLoad: 5,
      maxLoad: 5,
      totalCompleted: 5,
      totalAmount: '1400.00',
      performance: 75,
      status: 'offline',
      isActive: true,
    });
    expect(items.find((x: { id: number }) => x.id === idle.id)).toMatchObject({ currentLoad: 0, totalCompleted: 0, totalAmount: '0', performance: null });
    // All three are offline: the one holding five requests is not 'aktif görevde'.
    expect(totals).toMatchObject({ total: 3, offline: 3, withActiveTasks: 0 });
    expect(PERFORMANCE_DEFINITION).toContain('30 dakika');

    const low = await call('GET', `/api/projects/${project.id}/agents?performance=low`, accessToken);
    expect(low.json().data.items.map((x: { id: number }) => x.id)).toEqual([agent.id]);
    const high = await call('GET', `/api/projects/${project.id}/agents?performance=high`, accessToken);
    expect(high.json().data.items).toEqual([]);
    const search = await call('GET', `/api/projects/${project.id}/agents?search=bosta`, accessToken);
    expect(search.json().data.items.map((x: { id: number }) => x.id)).toEqual([idle.id]);
    const online = await call('GET', `/api/projects/${project.id}/agents?status=online`, accessToken);
    expect(online.json().data.items).toEqual([]);

    const perf = await call('GET', `/api/projects/${project.id}/agents/${agent.id}/performance?period=7d`, accessToken);
    expect(perf.json().data).toMatchObject({ completed: 4, completedWithinSla: 3, performance: 75, totalAmount: '400.00', currentLoad: 5 });
    expect(perf.json().data.daily).toHaveLength(4);
    expect(perf.json().data.averageHandleMinutes).toBeCloseTo((10 + 25 + 5 + 120) / 4, 1);
  });
});

describe('managing agents', () => {
  it("toggles the member's project activity, removes the membership but never the user", async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.admin.username);
    const off = await call('PATCH', `/api/projects/${project.id}/agents/${members.agent.id}/toggle`, accessToken, { isActive: false });
    expect(off.json().data).toMatchObject({ id: members.agent.id, isActive: false, accountActive: true });
    const del = await call('DELETE', `/api/projects/${project.id}/agents/${members.agent.id}`, accessToken);
    expect(del.statusCode).toBe(200);
    const [user] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, members.agent.id));
    expect(user).toBeDefined();
    const membership = await t.app.ctx.database.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, members.agent.id)));
    expect(membership).toEqual([]);
    expect((await call('GET', `/api/projects/${project.id}/agents/${members.agent.id}`, accessToken)).statusCode).toBe(404);
  });

  it('refuses to remove an agent who carries requests in the project', async () => {
    const { project, members } = await buildTenant(t.app);
    await carrying(project.id, members.agent.id, 1);
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await call('DELETE', `/api/projects/${project.id}/agents/${members.agent.id}`, accessToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AGENT_MESSAGES.hasActiveRequests);
  });

  it('adds an existing user or creates a new agent; edits capacity', async () => {
    const { project, foreign, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.super_admin.username);
    const existing = await buildUser(t.app, { role: 'operator', projects: [foreign.id] });
    const added = await call('POST', `/api/projects/${project.id}/agents`, accessToken, { mode: 'existing', userId: existing.id, maxLoad: 8 });
    expect(added.json().data.agent).toMatchObject({ id: existing.id, maxLoad: 8, role: 'operator' });
    const twice = await call('POST', `/api/projects/${project.id}/agents`, accessToken, { mode: 'existing', userId: existing.id });
    expect(twice.statusCode).toBe(409);
    const manager = await call('POST', `/api/projects/${project.id}/agents`, accessToken, { mode: 'existing', userId: members.manager.id });
    expect(manager.json().errors.userId).toBe(AGENT_MESSAGES.notWorkerRole);

    const created = await call('POST', `/api/projects/${project.id}/agents`, accessToken, {
      mode: 'new',
      username: `yeniagent${Date.now()}`,
      fullName: 'Yeni Agent',
      email: 'agent@example.com',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.agent.role).toBe('agent');
    expect(created.json().data.oneTimePassword).toEqual(expect.any(String));

    const edited = await call('PUT', `/api/projects/${project.id}/agents/${members.agent.id}`, accessToken, { maxLoad: 12 });
    expect(edited.json().data.maxLoad).toBe(12);
    const bad = await call('PUT', `/api/projects/${project.id}/agents/${members.agent.id}`, accessToken, { maxLoad: 0 });
    expect(bad.json().errors.maxLoad).toBe(AGENT_MESSAGES.maxLoadRange);
  });

  it("an admin cannot add someone they do not share a project with", async () => {
    const { project, members } = await buildTenant(t.app);
    const stranger = await buildUser(t.app, { role: 'agent' });
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await call('POST', `/api/projects/${project.id}/agents`, accessToken, { mode: 'existing', userId: stranger.id });
    expect(res.statusCode).toBe(400);
  });

  it('lists the audit rows done by or to the agent', async () => {
    const { project, members } = await buildTenant(t.app);
    await login(t.app, members.agent.username);
    const { accessToken } = await login(t.app, members.admin.username);
    await call('PATCH', `/api/projects/${project.id}/agents/${members.agent.id}/toggle`, accessToken, { isActive: false });
    const res = await call('GET', `/api/projects/${project.id}/agents/${members.agent.id}/logs`, accessToken);
    const actions = res.json().data.items.map((r: { action: string }) => r.action);
    expect(actions).toEqual(['TOGGLE_AGENT', 'LOGIN']);
  });
});

describe('force actions (without sockets; socket behaviour is in presence.test.ts)', () => {
  it('force offline sets the manual status, is audited with the reason, and stops routing', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken } = await login(t.app, members.manager.username);
    const res = await call('POST', `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-offline`, accessToken, { reason: 'Mola süresi aşıldı' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ agentId: members.agent.id, status: 'offline' });
    const [user] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, members.agent.id));
    expect(user!.manualStatus).toBe('offline');
    expect(user!.forcedOfflineAt).toBeInstanceOf(Date);
    expect(await isAvailableForWork(t.app.ctx, members.agent.id, project.id)).toBe(false);
    const [row] = await t.app.ctx.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(row).toMatchObject({ action: 'FORCE_OFFLINE', projectId: project.id, userId: members.manager.id, resourceId: String(members.agent.id) });
    expect(row!.details).toMatchObject({ reason: 'Mola süresi aşıldı' });
  });

  it('force logout ends every session of the target; the reason is optional', async () => {
    const { project, members } = await buildTenant(t.app);
    const one = await login(t.app, members.agent.username);
    const two = await login(t.app, members.agent.username);
    const { accessToken } = await login(t.app, members.admin.username);
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-logout`, headers: bearer(accessToken) });
    expect(res.json().data.sessionsEnded).toBe(2);
    for (const s of [one, two]) expect((await call('GET', '/api/auth/me', s.accessToken)).json().message).toBe('Session ID unknown');
  });

  it('refuses a target outside the project (404), above the actor (403) or themself', async () => {
    const { project, foreign, members } = await buildTenant(t.app);
    const outsider = await buildUser(t.app, { role: 'agent', projects: [foreign.id] });
    const { accessToken } = await login(t.app, members.manager.username);
    const base = `/api/auth/admin/projects/${project.id}/agents`;
    expect((await call('POST', `${base}/${outsider.id}/force-offline`, accessToken, {})).statusCode).toBe(404);
    expect((await call('POST', `${base}/${members.admin.id}/force-logout`, accessToken, {})).statusCode).toBe(403);
    expect((await call('POST', `${base}/${members.manager.id}/force-offline`, accessToken, {})).statusCode).toBe(403);
    const tooLong = await call('POST', `${base}/${members.agent.id}/force-offline`, accessToken, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('an agent sets their own status; online returns to automatic and lifts a force offline', async () => {
    const { project, members } = await buildTenant(t.app);
    await t.app.ctx.database.db.update(users).set({ manualStatus: 'offline', forcedOfflineAt: new Date() }).where(eq(users.id, members.agent.id));
    const { accessToken } = await login(t.app, members.agent.username);
    expect((await call('GET', '/api/agents/me/status', accessToken)).json().data).toEqual({ manualStatus: 'offline' });
    const busy = await call('PUT', '/api/agents/me/status', accessToken, { status: 'busy' });
    expect(busy.json().data).toEqual({ manualStatus: 'busy' });
    expect((await call('GET', '/api/agents/me/status', accessToken)).json().data).toEqual({ manualStatus: 'busy' });
    const auto = await call('PUT', '/api/agents/me/status', accessToken, { status: 'online' });
    expect(auto.json().data).toEqual({ manualStatus: null });
    const [user] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, members.agent.id));
    expect(user).toMatchObject({ manualStatus: null, forcedOfflineAt: null });
    // No socket, so still not available.
    expect(await isAvailableForWork(t.app.ctx, members.agent.id, project.id)).toBe(false);
  });
});
