import { afterAll, beforeAll, expect, it } from 'vitest';
import { can } from '@common/permissions';
import type { Role } from '@common/enums';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';

/** A project's database connection is for those who may edit the project, nobody else. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const CONNECTION = ['dbType', 'dbHost', 'dbPort', 'dbName', 'dbUser', 'hasDbPassword'];

it('GET /api/projects and /api/projects/:id show the connection only to roles that may manage projects', async () => {
  const { project, members } = await buildTenant(t.app);
  for (const [role, user] of Object.entries(members) as [Role, (typeof members)['agent']][]) {
    const { accessToken } = await login(t.app, user.username);
    const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(accessToken) });
    const one = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: bearer(accessToken) });
    if (!can(role, 'project:read')) continue;
    const listed = (list.json().data as Record<string, unknown>[]).find((p) => p.id === project.id)!;
    const single = one.json().data as Record<string, unknown>;
    for (const shown of [listed, single]) {
      if (can(role, 'project:manage')) expect(Object.keys(shown), role).toEqual(expect.arrayContaining(CONNECTION));
      else for (const field of CONNECTION) expect(shown, `${role} ${field}`).not.toHaveProperty(field);
    }
    if (!can(role, 'project:manage')) expect(list.body, role).not.toContain('127.0.0.1');
  }
});
