import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import type { AccessRule } from '../../test/access-rules';
import { bearer, buildTenant, buildUser, createTestApp, login, TEST_PASSWORD, type TestApp } from '../../test/harness';

/**
 * Every change made through the API writes exactly one audit row. Each mutating endpoint
 * of these modules must have a case here; a new endpoint without one fails the first test.
 */
const COVERED_MODULES = ['auth', 'users', 'projects', 'agents', 'audit'];
const modules = import.meta.glob<{ accessRules: AccessRule[] }>('../*/access.ts', { eager: true });
const mutating = Object.entries(modules)
  .filter(([file]) => COVERED_MODULES.includes(file.split('/')[1]!))
  .flatMap(([, m]) => m.accessRules)
  .filter((r) => r.method !== 'GET')
  .map((r) => `${r.method} ${r.url}`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Tenant = Awaited<ReturnType<typeof buildTenant>>;
interface Case {
  /** The access rule it exercises. */
  rule: string;
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
const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const cases: Case[] = [
  { rule: 'POST /api/auth/login', run: (f) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: f.members.agent.username, password: TEST_PASSWORD } }) },
  { rule: 'POST /api/auth/logout', run: (_f, token) => call('POST', '/api/auth/logout', token) },
  {
    rule: 'POST /api/auth/refresh',
    // A rotation changes nothing a person did; presenting a spent token again is a security event.
    prepare: async (f) => {
      const s = await login(t.app, f.members.agent.username);
      await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } });
      t.clock.advance(60_000);
      return s.refreshToken;
    },
    run: (_f, _token, spent) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: spent } }),
    status: 401,
  },
  { rule: 'POST /api/auth/change-password', run: (_f, token) => call('POST', '/api/auth/change-password', token, { currentPassword: TEST_PASSWORD, newPassword: 'yepyeni-sifre-1' }) },
  { rule: 'POST /api/users', run: (f, token) => call('POST', '/api/users', token, { username: `tek${n++}`, fullName: 'Tek', email: 't@example.com', role: 'agent', projectIds: [f.project.id] }) },
  { rule: 'PUT /api/users/:id', run: (f, token) => call('PUT', `/api/users/${f.members.agent.id}`, token, { username: f.members.agent.username, fullName: 'Yeni', email: 'y@example.com', role: 'operator', projectIds: [f.project.id, f.foreign.id] }) },
  { rule: 'PATCH /api/users/:id/toggle', run: (f, token) => call('PATCH', `/api/users/${f.members.agent.id}/toggle`, token, { isActive: false }) },
  { rule: 'PATCH /api/users/:id/role', run: (f, token) => call('PATCH', `/api/users/${f.members.agent.id}/role`, token, { role: 'operator', isActive: false }) },
  { rule: 'POST /api/users/:id/reset-password', run: (f, token) => call('POST', `/api/users/${f.members.agent.id}/reset-password`, token) },
  { rule: 'DELETE /api/users/:id', run: (f, token) => call('DELETE', `/api/users/${f.members.agent.id}`, token) },
  { rule: 'POST /api/projects', run: (_f, token) => call('POST', '/api/projects', token, project()) },
  { rule: 'PUT /api/projects/:id', run: (f, token) => call('PUT', `/api/projects/${f.project.id}`, token, { ...project(), code: f.project.code }) },
  { rule: 'PATCH /api/projects/:id/toggle', run: (f, token) => call('PATCH', `/api/projects/${f.project.id}/toggle`, token, { isActive: false }) },
  { rule: 'DELETE /api/projects/:id', run: (f, token) => call('DELETE', `/api/projects/${f.foreign.id}`, token) },
  {
    rule: 'POST /api/projects/:projectId/agents',
    run: async (f, token) => {
      const u = await buildUser(t.app, { role: 'agent' });
      return call('POST', `/api/projects/${f.project.id}/agents`, token, { mode: 'existing', userId: u.id });
    },
  },
  { rule: 'POST /api/projects/:projectId/agents', run: (f, token) => call('POST', `/api/projects/${f.project.id}/agents`, token, { mode: 'new', username: `ag${n++}`, fullName: 'A', email: 'a@example.com' }) },
  { rule: 'PUT /api/projects/:projectId/agents/:id', run: (f, token) => call('PUT', `/api/projects/${f.project.id}/agents/${f.members.agent.id}`, token, { maxLoad: 9 }) },
  { rule: 'PATCH /api/projects/:projectId/agents/:id/toggle', run: (f, token) => call('PATCH', `/api/projects/${f.project.id}/agents/${f.members.agent.id}/toggle`, token, { isActive: false }) },
  { rule: 'DELETE /api/projects/:projectId/agents/:id', run: (f, token) => call('DELETE', `/api/projects/${f.project.id}/agents/${f.members.agent.id}`, token) },
  { rule: 'PUT /api/agents/me/status', as: 'agent', run: (_f, token) => call('PUT', '/api/agents/me/status', token, { status: 'away' }) },
  { rule: 'POST /api/auth/admin/projects/:projectId/agents/:agentId/force-offline', as: 'manager', run: (f, token) => call('POST', `/api/auth/admin/projects/${f.project.id}/agents/${f.members.agent.id}/force-offline`, token, { reason: 'neden' }) },
  { rule: 'POST /api/auth/admin/projects/:projectId/agents/:agentId/force-logout', as: 'manager', run: (f, token) => call('POST', `/api/auth/admin/projects/${f.project.id}/agents/${f.members.agent.id}/force-logout`, token, {}) },
];

async function rows(): Promise<number> {
  return (await t.app.ctx.database.db.select({ n: count() }).from(auditLogs))[0]!.n;
}

describe('one audit row per change', () => {
  it('has a case for every mutating endpoint of the covered modules', () => {
    const covered = new Set(cases.map((c) => c.rule));
    expect(mutating.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of cases) {
    it(c.rule, async () => {
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
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect(await rows()).toBe(before);
  });

  it('a refused change writes nothing', async () => {
    const f = await buildTenant(t.app);
    const { accessToken } = await login(t.app, f.members.admin.username);
    const before = await rows();
    await call('PATCH', `/api/users/${f.members.super_admin.id}/role`, accessToken, { role: 'agent' });
    await call('POST', '/api/users', accessToken, { username: '' });
    await call('POST', '/api/projects', accessToken, project());
    expect(await rows()).toBe(before);
  });
});
