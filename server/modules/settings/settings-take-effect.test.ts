import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '@common/constants';
import { projects } from '../../db/schema';
import { bearer, buildProject, buildTenant, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { connectAs, listen, waitForDisconnect } from '../../test/socket-client';
import { expireStaleSessions } from '../sessions/sessions';
import { insertRequest } from '../bonus/bonus-test-kit';
import { startDueSyncs } from '../bridge-sync/schedule-syncs';
import { waitForSync } from '../bridge-sync/test-support/sync-test-kit';

/**
 * Each setting changes what the product does, at once and without a restart: changed through
 * the API as a user would, time moved with the app's clock.
 */
let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenant>>;

const systemDefaults = { appName: 'Bonus Management System', sessionTimeout: 7200, maxLoginAttempts: 5, twoFactorRequiredRoles: [] };
const projectDefaults = {
  timezone: 'Europe/Istanbul',
  autoSync: true,
  syncInterval: 30,
  emailNotifications: true,
  smsNotifications: false,
  waitingAlertMinutes: 30,
  defaultAgentCapacity: 5,
  claimLeaseMinutes: 30,
  completeConfirmAmount: '10000',
  duplicateWindowHours: 24,
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await buildTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function saveSystem(patch: Partial<typeof systemDefaults>) {
  // Saved by a fresh super admin session: time moves in these tests and older sessions idle out.
  const token = (await login(t.app, tenant.members.super_admin.username)).accessToken;
  const res = await t.app.inject({ method: 'PUT', url: '/api/system/settings', headers: bearer(token), payload: { ...systemDefaults, ...patch } });
  expect(res.statusCode, res.body).toBe(200);
}
async function saveProject(projectId: number, patch: Partial<typeof projectDefaults>) {
  const token = (await login(t.app, tenant.members.super_admin.username)).accessToken;
  const res = await t.app.inject({ method: 'PUT', url: `/api/projects/${projectId}/settings`, headers: bearer(token), payload: { ...projectDefaults, ...patch } });
  expect(res.statusCode, res.body).toBe(200);
}
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/agents/me/status', headers: bearer(token) });

describe('sessionTimeout', () => {
  it('a session idle longer than the new timeout ends: 401 Session ID unknown despite the cache, and its socket closes', async () => {
    const user = await buildUser(t.app, { role: 'operator', projects: [tenant.project.id] });
    const { accessToken } = await login(t.app, user.username);
    const socket = await connectAs(await listen(t.app), accessToken, tenant.project.id);
    try {
      // Warm the session cache with the old timeout (2 h).
      expect((await me(accessToken)).statusCode).toBe(200);
      t.clock.advance(301_000);
      expect((await me(accessToken)).statusCode, 'idle 5 min with a 2 h timeout is fine').toBe(200);

      await saveSystem({ sessionTimeout: 300 });
      t.clock.advance(301_000);
      // The background job ends idle sessions without waiting for their next call: the socket closes.
      expect(await expireStaleSessions(t.app.ctx)).toBeGreaterThan(0);
      expect(await waitForDisconnect(socket, 5_000)).toBe(true);
      const res = await me(accessToken);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SESSION_UNKNOWN', message: SESSION.unknownSessionMessage });
    } finally {
      socket.close();
      await saveSystem({});
    }
  });

  it('a call within the new timeout keeps a session alive', async () => {
    await saveSystem({ sessionTimeout: 300 });
    try {
      const user = await buildUser(t.app, { role: 'operator', projects: [tenant.project.id] });
      const { accessToken } = await login(t.app, user.username);
      t.clock.advance(200_000);
      expect((await me(accessToken)).statusCode).toBe(200);
      t.clock.advance(200_000);
      expect((await me(accessToken)).statusCode).toBe(200);
    } finally {
      await saveSystem({});
    }
  });
});

describe('maxLoginAttempts', () => {
  it('the lockout threshold changes at once', async () => {
    const attempt = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    await saveSystem({ maxLoginAttempts: 2 });
    try {
      const user = await buildUser(t.app, { role: 'operator', projects: [tenant.project.id] });
      expect((await attempt(user.username, 'wrong-1')).statusCode).toBe(401);
      expect((await attempt(user.username, 'wrong-2')).statusCode).toBe(401);
      // Locked after two: the right password is refused too.
      await expect(login(t.app, user.username)).rejects.toThrow(/401/);

      await saveSystem({ maxLoginAttempts: 5 });
      const other = await buildUser(t.app, { role: 'operator', projects: [tenant.project.id] });
      for (let i = 0; i < 4; i++) expect((await attempt(other.username, `wrong-${i}`)).statusCode).toBe(401);
      await expect(login(t.app, other.username)).resolves.toBeTruthy();
    } finally {
      await saveSystem({});
    }
  });
});

describe('autoSync and syncInterval', () => {
  it('the schedule follows a change on its next tick, without a restart', async () => {
    const project = await buildProject(t.app);
    const longAgo = new Date(t.clock.now().getTime() - 24 * 3600_000);
    await t.app.ctx.database.db.update(projects).set({ createdAt: longAgo }).where(eq(projects.id, project.id));
    const due = async () => (await startDueSyncs(t.app.ctx, { serverStartedAt: longAgo })).filter((r) => r.projectId === project.id);

    await saveProject(project.id, { autoSync: false });
    expect(await due()).toEqual([]);

    await saveProject(project.id, { autoSync: true, syncInterval: 60 });
    const [first] = await due();
    expect(first).toMatchObject({ trigger: 'schedule', syncType: 'bonus' });
    await waitForSync(t.app, first!.id);

    t.clock.advance(6 * 60_000);
    expect(await due(), 'not before 60 minutes').toEqual([]);
    await saveProject(project.id, { syncInterval: 5 });
    const [second] = await due();
    expect(second, 'due at once with a 5-minute interval').toBeTruthy();
    await waitForSync(t.app, second!.id);
  });
});

describe('defaultAgentCapacity', () => {
  it('is the capacity of agents without their own, in the agent list and when claiming', async () => {
    const project = await buildProject(t.app);
    const own = await buildUser(t.app, { role: 'agent', projects: [project.id], maxLoad: 8 });
    const none = await buildUser(t.app, { role: 'agent', projects: [project.id], maxLoad: null });
    await buildUser(t.app, { role: 'admin', projects: [project.id] });
    const capacities = async () => {
      const token = (await login(t.app, tenant.members.super_admin.username)).accessToken;
      const res = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/agents`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { items?: unknown } | unknown[];
      const list = (Array.isArray(data) ? data : (data.items as unknown[])) as { id: number; maxLoad: number }[];
      return Object.fromEntries(list.map((a) => [a.id, a.maxLoad]));
    };
    expect(await capacities()).toMatchObject({ [own.id]: 8, [none.id]: 5 });

    await saveProject(project.id, { defaultAgentCapacity: 1 });
    expect(await capacities()).toMatchObject({ [own.id]: 8, [none.id]: 1 });

    const { accessToken } = await login(t.app, none.username);
    const a = await insertRequest(t.app, project.id, { customerId: 'C1' });
    const b = await insertRequest(t.app, project.id, { customerId: 'C2' });
    const claim = (id: number) => t.app.inject({ method: 'POST', url: `/api/bonus/projects/${project.id}/requests/${id}/assign`, headers: bearer(accessToken), payload: {} });
    expect((await claim(a.id)).json().data).toMatchObject({ enqueued: false });
    // At capacity 1 the second claim is held for them, not given.
    expect((await claim(b.id)).json().data).toMatchObject({ enqueued: true });
  });
});

describe('timezone', () => {
  it("day boundaries of an agent's daily figures follow the project's time zone", async () => {
    const project = await buildProject(t.app);
    const agent = await buildUser(t.app, { role: 'agent', projects: [project.id] });
    // 22:30 UTC yesterday is already today in Istanbul (UTC+3).
    const now = t.clock.now();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 22, 30));
    await insertRequest(t.app, project.id, { customerId: 'C', status: 'completed', completedByUserId: agent.id, completedAt: at, assignedAt: at, createdAt: at });
    const dayOf = async () => {
      const token = (await login(t.app, tenant.members.super_admin.username)).accessToken;
      const res = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/agents/${agent.id}/performance?period=7d`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.daily as { date: string }[]).map((d) => d.date);
    };
    const utcDay = at.toISOString().slice(0, 10);
    const istanbulDay = new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    expect(await dayOf()).toEqual([istanbulDay]);
    await saveProject(project.id, { timezone: 'UTC' });
    expect(await dayOf()).toEqual([utcDay]);
  });

  it('the project list and the login tell the web app the zone to show the project\'s dates in', async () => {
    const project = await buildProject(t.app);
    const member = await buildUser(t.app, { role: 'operator', projects: [project.id] });
    const zoneIn = async () => {
      const { accessToken, user } = await login(t.app, member.username);
      const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(accessToken) });
      expect(list.statusCode, list.body).toBe(200);
      const listed = (list.json().data as { id: number; timezone: string }[]).find((p) => p.id === project.id);
      const atLogin = (user.projects as { id: number; timezone: string }[]).find((p) => p.id === project.id);
      return [listed?.timezone, atLogin?.timezone];
    };
    expect(await zoneIn()).toEqual(['Europe/Istanbul', 'Europe/Istanbul']);
    await saveProject(project.id, { timezone: 'America/New_York' });
    expect(await zoneIn()).toEqual(['America/New_York', 'America/New_York']);
  });
});
