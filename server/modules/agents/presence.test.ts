import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { AGENT_THRESHOLDS } from '@common/constants';
import { SOCKET_EVENTS } from '@common/socket-events';
import { bonusRequests } from '../../db/schema';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';
import { closedWithin, connectAs, listen, nextEvent } from '../../test/socket-client';
import { isAvailableForWork, presenceOf, refreshAgentStatus } from './presence';

let t: TestApp;
let base: string;
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterEach(() => {
  open.splice(0).forEach((s) => s.close());
});
afterAll(async () => {
  await t?.close();
});

async function socket(token: string, projectId: number) {
  const s = await connectAs(base, token, projectId);
  open.push(s);
  return s;
}
const statusOf = (s: Socket, agentId: number, status: string) =>
  nextEvent(s, SOCKET_EVENTS.agentStatusChanged, (p) => p.agentId === agentId && p.status === status);

async function listedStatus(token: string, projectId: number, agentId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/agents/${agentId}`, headers: bearer(token) });
  return res.json().data.status as string;
}

describe('live agent status', () => {
  it('online on connect, away after quiet minutes, online on activity, busy at capacity, offline on leaving', async () => {
    const { project, members } = await buildTenant(t.app);
    const manager = await login(t.app, members.manager.username);
    const agent = await login(t.app, members.agent.username);
    const watcher = await socket(manager.accessToken, project.id);

    const online = statusOf(watcher, members.agent.id, 'online');
    const agentSocket = await socket(agent.accessToken, project.id);
    expect(await online).toMatchObject({ projectId: project.id, currentLoad: 0, maxLoad: 5 });
    expect(await listedStatus(manager.accessToken, project.id, members.agent.id)).toBe('online');
    expect(await isAvailableForWork(t.app.ctx, members.agent.id, project.id)).toBe(true);

    t.clock.advance(AGENT_THRESHOLDS.awayAfterMs + 60_000);
    const away = statusOf(watcher, members.agent.id, 'away');
    await presenceOf(t.app.ctx).sweep();
    await away;
    expect(await isAvailableForWork(t.app.ctx, members.agent.id, project.id)).toBe(false);

    const back = statusOf(watcher, members.agent.id, 'online');
    agentSocket.emit(SOCKET_EVENTS.activity);
    await back;

    await t.app.ctx.database.db
      .insert(bonusRequests)
      .values(Array.from({ length: 5 }, () => ({ projectId: project.id, status: 'assigned' as const, assignedUserId: members.agent.id })));
    const busy = statusOf(watcher, members.agent.id, 'busy');
    await refreshAgentStatus(t.app.ctx, members.agent.id, project.id);
    expect((await busy).currentLoad).toBe(5);

    const offline = statusOf(watcher, members.agent.id, 'offline');
    agentSocket.close();
    await offline;
    expect(await listedStatus(manager.accessToken, project.id, members.agent.id)).toBe('offline');
  });
});

describe('request moves', () => {
  it('an agent claiming up to capacity is announced busy at once, and online again after completing one or having one re-queued', async () => {
    const { project, members } = await buildTenant(t.app);
    const manager = await login(t.app, members.manager.username);
    const agent = await login(t.app, members.agent.username);
    const watcher = await socket(manager.accessToken, project.id);
    const online = statusOf(watcher, members.agent.id, 'online');
    await socket(agent.accessToken, project.id);
    await online;

    const ids = (
      await t.app.ctx.database.db
        .insert(bonusRequests)
        .values(Array.from({ length: 5 }, () => ({ projectId: project.id, status: 'queued' as const })))
        .returning({ id: bonusRequests.id })
    ).map((r) => r.id);
    const claim = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/bonus/projects/${project.id}/requests/${id}/assign`, headers: bearer(agent.accessToken), payload: {} });
    for (const id of ids.slice(0, 4)) expect((await claim(id)).statusCode).toBe(200);
    const busy = statusOf(watcher, members.agent.id, 'busy');
    expect((await claim(ids[4]!)).statusCode).toBe(200);
    expect((await busy).currentLoad).toBe(5);

    const free = statusOf(watcher, members.agent.id, 'online');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/bonus/projects/${project.id}/requests/${ids[0]}/complete`,
      headers: bearer(agent.accessToken),
      payload: {},
    });
    expect(done.statusCode).toBe(200);
    expect((await free).currentLoad).toBe(4);

    // Re-queue clears the assignee: the former assignee's drop in load is announced too.
    const [extra] = await t.app.ctx.database.db.insert(bonusRequests).values({ projectId: project.id, status: 'queued' }).returning({ id: bonusRequests.id });
    const busyAgain = statusOf(watcher, members.agent.id, 'busy');
    expect((await claim(extra!.id)).statusCode).toBe(200);
    await busyAgain;
    const freeAgain = statusOf(watcher, members.agent.id, 'online');
    const requeued = await t.app.inject({
      method: 'POST',
      url: `/api/bonus/projects/${project.id}/requests/${extra!.id}/requeue`,
      headers: bearer(manager.accessToken),
      payload: {},
    });
    expect(requeued.statusCode).toBe(200);
    expect((await freeAgain).currentLoad).toBe(4);
  });
});

describe('force actions reach the sockets', () => {
  it('force offline: the agent gets a notice and is disconnected, everyone sees offline, routing skips them', async () => {
    const { project, members } = await buildTenant(t.app);
    const manager = await login(t.app, members.manager.username);
    const agent = await login(t.app, members.agent.username);
    const watcher = await socket(manager.accessToken, project.id);
    const wentOnline = statusOf(watcher, members.agent.id, 'online');
    const agentSocket = await socket(agent.accessToken, project.id);
    await wentOnline;

    const notice = nextEvent(agentSocket, SOCKET_EVENTS.forcedOffline);
    const gone = closedWithin(agentSocket, 1_000);
    const seen = statusOf(watcher, members.agent.id, 'offline');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-offline`,
      headers: bearer(manager.accessToken),
      payload: { reason: 'Vardiya bitti' },
    });
    expect(res.statusCode).toBe(200);
    expect((await notice).reason).toBe('Vardiya bitti');
    await gone;
    await seen;

    // The session lives on: the agent reconnects, but stays offline until they choose otherwise.
    await socket(agent.accessToken, project.id);
    expect(await listedStatus(manager.accessToken, project.id, members.agent.id)).toBe('offline');
    expect(await isAvailableForWork(t.app.ctx, members.agent.id, project.id)).toBe(false);

    const available = statusOf(watcher, members.agent.id, 'online');
    await t.app.inject({ method: 'PUT', url: '/api/agents/me/status', headers: bearer(agent.accessToken), payload: { status: 'online' } });
    await available;
    expect(await isAvailableForWork(t.app.ctx, members.agent.id, project.id)).toBe(true);
  });

  it("force logout closes the target's sockets within a second; other users stay connected", async () => {
    const { project, members } = await buildTenant(t.app);
    const manager = await login(t.app, members.manager.username);
    const agent = await login(t.app, members.agent.username);
    const operator = await login(t.app, members.operator.username);
    const watcher = await socket(manager.accessToken, project.id);
    const bystander = await socket(operator.accessToken, project.id);
    // Presence must have seen the agent arrive before the logout: an instance announces a member
    // going offline only when it had announced them online (a connect it recomputes after the
    // sockets are already gone finds nothing to announce).
    const online = statusOf(bystander, members.agent.id, 'online');
    const agentSockets = [await socket(agent.accessToken, project.id), await socket(agent.accessToken, project.id)];
    await online;

    const closed = agentSockets.map((s) => closedWithin(s, 1_000));
    const revoked = nextEvent(agentSockets[0]!, SOCKET_EVENTS.sessionRevoked);
    const seenByBystander = statusOf(bystander, members.agent.id, 'offline');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-logout`,
      headers: bearer(manager.accessToken),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await Promise.all(closed);
    await revoked;
    // The others still receive live events on their open sockets.
    await seenByBystander;
    expect(watcher.connected).toBe(true);
    expect(bystander.connected).toBe(true);

    const next = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(agent.accessToken) });
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe('Session ID unknown');
    await expect(connectAs(base, agent.accessToken, project.id)).rejects.toThrow('Session ID unknown');
  });

  it("deactivating a user closes their sockets at once", async () => {
    const { project, members } = await buildTenant(t.app);
    const admin = await login(t.app, members.admin.username);
    const agent = await login(t.app, members.agent.username);
    const agentSocket = await socket(agent.accessToken, project.id);
    const closed = closedWithin(agentSocket, 1_000);
    await t.app.inject({ method: 'PATCH', url: `/api/users/${members.agent.id}/toggle`, headers: bearer(admin.accessToken), payload: { isActive: false } });
    await closed;
  });

  it('removing a member from a project closes their sockets of that project', async () => {
    const { project, members } = await buildTenant(t.app);
    const admin = await login(t.app, members.admin.username);
    const agent = await login(t.app, members.agent.username);
    const agentSocket = await socket(agent.accessToken, project.id);
    const closed = closedWithin(agentSocket, 1_000);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}/agents/${members.agent.id}`, headers: bearer(admin.accessToken) });
    expect(res.statusCode).toBe(200);
    await closed;
    await expect(connectAs(base, agent.accessToken, project.id)).rejects.toThrow();
  });
});
