import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as agents from '@common/contract/agents';
import * as auth from '@common/contract/auth';
import { endpointKey, endpointPath, type EndpointDefinition } from '@common/contract/define-endpoint';
import * as projects from '@common/contract/projects';
import * as users from '@common/contract/users';
import { auditLogs } from '../../db/schema';
import type { AccessRule } from '../../test/access-rules';
import { bearer, buildTenant, buildUser, createTestApp, login, refreshWith, TEST_PASSWORD, type TestApp } from '../../test/harness';

/**
 * Every change made through the API writes exactly one audit row. Each mutating endpoint
 * of these modules must have a case here; a new endpoint without one fails the first test.
 */
const COVERED_MODULES = ['auth', 'users', 'projects', 'agents', 'audit'];
const modules = import.meta.glob<{ accessRules: AccessRule[] }>('../*/access.test-table.ts', { eager: true });
const mutating = Object.entries(modules)
  .filter(([file]) => COVERED_MODULES.includes(file.split('/')[1]!))
  .flatMap(([, m]) => m.accessRules)
  .filter((r) => r.method !== 'GET')
  .map((r) => r.endpoint);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Tenant = Awaited<ReturnType<typeof buildTenant>>;
interface Case {
  /** The contract entry it exercises. */
  endpoint: EndpointDefinition;
  /** Set-up before counting starts; its result is handed to run. */
  prepare?(f: Tenant): Promise<string>;
  run(f: Tenant, token: string, prepared: string): Promise<{ statusCode: number; body: string }>;
  /** Who calls (default super_admin). */
  as?: 'super_admin' | 'admin' | 'manager' | 'agent';
  /** Default: any 2xx. */
  status?: number;
}

let n = 0;
const project = () => ({ code: `ONE${n++}`, name: 'Bir Satır', baseUrl: 'https://x.example.com', dbHost: 'h', dbName: 'd', dbUser: 'u', dbPassword: 'gizli-sifre-1' });
/** Calls a contract entry: its method and path, never typed again. */
const call = (endpoint: EndpointDefinition, token: string | null, input: { params?: Record<string, number>; body?: object } = {}) =>
  t.app.inject({
    method: endpoint.method,
    url: endpointPath(endpoint.path, input.params),
    headers: token ? bearer(token) : {},
    ...(input.body ? { payload: input.body } : {}),
  });

const cases: Case[] = [
  { endpoint: auth.login, run: (f) => call(auth.login, null, { body: { username: f.members.agent.username, password: TEST_PASSWORD } }) },
  { endpoint: auth.logout, run: (_f, token) => call(auth.logout, token) },
  {
    endpoint: auth.refreshTokens,
    // A rotation changes nothing a person did; presenting a spent token again is a security event.
    prepare: async (f) => {
      const s = await login(t.app, f.members.agent.username);
      await refreshWith(t.app, s);
      t.clock.advance(60_000);
      return s.refreshToken;
    },
    run: (_f, _token, spent) => refreshWith(t.app, { refreshToken: spent }),
    status: 401,
  },
  { endpoint: auth.changePassword, run: (_f, token) => call(auth.changePassword, token, { body: { currentPassword: TEST_PASSWORD, newPassword: 'yepyeni-sifre-1' } }) },
  { endpoint: users.createUser, run: (f, token) => call(users.createUser, token, { body: { username: `tek${n++}`, fullName: 'Tek', email: 't@example.com', role: 'agent', projectIds: [f.project.id] } }) },
  {
    endpoint: users.updateUser,
    run: (f, token) =>
      call(users.updateUser, token, {
        params: { id: f.members.agent.id },
        body: { username: f.members.agent.username, fullName: 'Yeni', email: 'y@example.com', role: 'operator', projectIds: [f.project.id, f.foreign.id] },
      }),
  },
  { endpoint: users.toggleUser, run: (f, token) => call(users.toggleUser, token, { params: { id: f.members.agent.id }, body: { isActive: false } }) },
  { endpoint: users.changeUserRole, run: (f, token) => call(users.changeUserRole, token, { params: { id: f.members.agent.id }, body: { role: 'operator', isActive: false } }) },
  { endpoint: users.resetUserPassword, run: (f, token) => call(users.resetUserPassword, token, { params: { id: f.members.agent.id } }) },
  { endpoint: users.deleteUser, run: (f, token) => call(users.deleteUser, token, { params: { id: f.members.agent.id } }) },
  { endpoint: projects.createProject, run: (_f, token) => call(projects.createProject, token, { body: project() }) },
  { endpoint: projects.updateProject, run: (f, token) => call(projects.updateProject, token, { params: { id: f.project.id }, body: { ...project(), code: f.project.code } }) },
  { endpoint: projects.toggleProject, run: (f, token) => call(projects.toggleProject, token, { params: { id: f.project.id }, body: { isActive: false } }) },
  { endpoint: projects.deleteProject, run: (f, token) => call(projects.deleteProject, token, { params: { id: f.foreign.id } }) },
  {
    endpoint: agents.addAgent,
    run: async (f, token) => {
      const u = await buildUser(t.app, { role: 'agent' });
      return call(agents.addAgent, token, { params: { projectId: f.project.id }, body: { mode: 'existing', userId: u.id } });
    },
  },
  {
    endpoint: agents.addAgent,
    run: (f, token) => call(agents.addAgent, token, { params: { projectId: f.project.id }, body: { mode: 'new', username: `ag${n++}`, fullName: 'A', email: 'a@example.com' } }),
  },
  { endpoint: agents.updateAgent, run: (f, token) => call(agents.updateAgent, token, { params: { projectId: f.project.id, id: f.members.agent.id }, body: { maxLoad: 9 } }) },
  { endpoint: agents.toggleAgent, run: (f, token) => call(agents.toggleAgent, token, { params: { projectId: f.project.id, id: f.members.agent.id }, body: { isActive: false } }) },
  { endpoint: agents.removeAgent, run: (f, token) => call(agents.removeAgent, token, { params: { projectId: f.project.id, id: f.members.agent.id } }) },
  { endpoint: agents.setOwnStatus, as: 'agent', run: (_f, token) => call(agents.setOwnStatus, token, { body: { status: 'away' } }) },
  {
    endpoint: agents.forceAgentOffline,
    as: 'manager',
    run: (f, token) => call(agents.forceAgentOffline, token, { params: { projectId: f.project.id, agentId: f.members.agent.id }, body: { reason: 'neden' } }),
  },
  {
    endpoint: agents.forceAgentLogout,
    as: 'manager',
    run: (f, token) => call(agents.forceAgentLogout, token, { params: { projectId: f.project.id, agentId: f.members.agent.id }, body: {} }),
  },
];

async function rows(): Promise<number> {
  return (await t.app.ctx.database.db.select({ n: count() }).from(auditLogs))[0]!.n;
}

describe('one audit row per change', () => {
  it('has a case for every mutating endpoint of the covered modules', () => {
    const covered = new Set(cases.map((c) => c.endpoint));
    expect(mutating.filter((e) => !covered.has(e)).map(endpointKey)).toEqual([]);
  });

  for (const c of cases) {
    it(endpointKey(c.endpoint), async () => {
      const f = await buildTenant(t.app);
      const { accessToken } = await login(t.app, f.members[c.as ?? 'super_admin'].username);
      const prepared = c.prepare ? await c.prepare(f) : '';
      const before = await rows();
      const res = await c.run(f, accessToken, prepared);
      if (c.status) expect(res.statusCode, res.body).toBe(c.status);
      else expect(res.statusCode, res.body).toBeLessThan(300);
      expect((await rows()) - before).toBe(1);
    });
  }

  it('a token rotation writes nothing', async () => {
    const f = await buildTenant(t.app);
    const s = await login(t.app, f.members.agent.username);
    const before = await rows();
    const res = await refreshWith(t.app, s);
    expect(res.statusCode).toBe(200);
    expect(await rows()).toBe(before);
  });

  it('a refused change writes nothing', async () => {
    const f = await buildTenant(t.app);
    const { accessToken } = await login(t.app, f.members.admin.username);
    const before = await rows();
    await call(users.changeUserRole, accessToken, { params: { id: f.members.super_admin.id }, body: { role: 'agent' } });
    await call(users.createUser, accessToken, { body: { username: '' } });
    await call(projects.createProject, accessToken, { body: project() });
    expect(await rows()).toBe(before);
  });
});
