import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListedAgent } from '@common/schemas/agents';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';

/** Each listed agent carries what the caller may do to them (server/policies/agent-policy.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('agent abilities', () => {
  it('lets a manager force but not toggle and an admin do both; the server agrees', async () => {
    const { project, members } = await buildTenant(t.app);
    const list = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/agents`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return new Map((res.json().data.items as ListedAgent[]).map((a) => [a.id, a.abilities]));
    };
    const manager = await login(t.app, members.manager.username);
    const admin = await login(t.app, members.admin.username);

    expect((await list(manager.accessToken)).get(members.agent.id)).toEqual({ toggle: false, force: true });
    expect((await list(admin.accessToken)).get(members.agent.id)).toEqual({ toggle: true, force: true });

    const toggleByManager = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${project.id}/agents/${members.agent.id}/toggle`,
      headers: bearer(manager.accessToken),
      payload: { isActive: false },
    });
    expect(toggleByManager.statusCode).toBe(403);
  });
});
