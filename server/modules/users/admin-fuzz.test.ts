import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNo5xx } from '../../test/fuzz';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';

/**
 * Hundreds of hostile bodies (wrong types, missing fields, 10 kB strings, control
 * characters, extra fields like role or __proto__) at every mutating endpoint of user,
 * project and agent administration: never a 5xx, never a stack trace.
 */
let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenant>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await buildTenant(t.app);
  token = (await login(t.app, tenant.members.super_admin.username)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const RUNS = 60;
const headers = () => bearer(token);

describe('administration endpoints under hostile input', () => {
  const userFields = ['username', 'fullName', 'email', 'role', 'isActive', 'password', 'projectIds'];
  const projectFields = ['code', 'name', 'baseUrl', 'dbType', 'dbHost', 'dbPort', 'dbName', 'dbUser', 'dbPassword', 'isActive'];

  it('users', async () => {
    const id = tenant.members.operator.id;
    await expectNo5xx(t.app, { method: 'POST', url: '/api/users', headers }, userFields, RUNS);
    await expectNo5xx(t.app, { method: 'PUT', url: `/api/users/${id}`, headers }, userFields, RUNS);
    await expectNo5xx(t.app, { method: 'PATCH', url: `/api/users/${id}/role`, headers }, ['role', 'isActive'], RUNS);
    await expectNo5xx(t.app, { method: 'PATCH', url: `/api/users/${id}/toggle`, headers }, ['isActive'], RUNS);
  });

  it('projects', async () => {
    await expectNo5xx(t.app, { method: 'POST', url: '/api/projects', headers }, projectFields, RUNS);
    await expectNo5xx(t.app, { method: 'PUT', url: `/api/projects/${tenant.foreign.id}`, headers }, projectFields, RUNS);
    await expectNo5xx(t.app, { method: 'PATCH', url: `/api/projects/${tenant.foreign.id}/toggle`, headers }, ['isActive'], RUNS);
  });

  it('agents and force actions', async () => {
    const p = tenant.project.id;
    const agent = tenant.members.agent.id;
    await expectNo5xx(t.app, { method: 'POST', url: `/api/projects/${p}/agents`, headers }, ['mode', 'userId', 'maxLoad', 'username', 'fullName', 'email', 'password'], RUNS);
    await expectNo5xx(t.app, { method: 'PUT', url: `/api/projects/${p}/agents/${agent}`, headers }, ['fullName', 'email', 'maxLoad'], RUNS);
    await expectNo5xx(t.app, { method: 'PATCH', url: `/api/projects/${p}/agents/${agent}/toggle`, headers }, ['isActive'], RUNS);
    await expectNo5xx(t.app, { method: 'POST', url: `/api/auth/admin/projects/${p}/agents/${agent}/force-offline`, headers }, ['reason'], RUNS);
    await expectNo5xx(t.app, { method: 'PUT', url: '/api/agents/me/status', headers }, ['status'], RUNS);
  });
});
