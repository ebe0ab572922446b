import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { USER_MESSAGES } from '@common/schemas/users';
import { users } from '../../db/schema';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../../test/harness';

/**
 * Force logout ends every session of the account and force offline sets its account-wide status:
 * both reach every project the user works in. A manager of GOLD and YILDIZ must not reach the
 * user's work in KRAL: the force actions are refused for a user who also works elsewhere (a
 * super admin, whose scope is every project, may still use them).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setUp() {
  const [gold, yildiz, kral] = [await buildProject(t.app), await buildProject(t.app), await buildProject(t.app)];
  const manager = await buildUser(t.app, { role: 'manager', projects: [gold.id, yildiz.id] });
  const shared = await buildUser(t.app, { role: 'agent', projects: [gold.id, kral.id] });
  const own = await buildUser(t.app, { role: 'agent', projects: [gold.id, yildiz.id] });
  return { gold, manager, shared, own, token: (await login(t.app, manager.username)).accessToken };
}
const force = (token: string, projectId: number, agentId: number, action: 'force-logout' | 'force-offline') =>
  t.app.inject({ method: 'POST', url: `/api/auth/admin/projects/${projectId}/agents/${agentId}/${action}`, headers: bearer(token), payload: { reason: 'Mesai bitti' } });

it('a manager cannot force out or offline a user who also works in a project they do not manage', async () => {
  const { gold, shared, token } = await setUp();
  const sharedSession = await login(t.app, shared.username);
  for (const action of ['force-logout', 'force-offline'] as const) {
    const res = await force(token, gold.id, shared.id, action);
    expect(res.statusCode, action).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.outsideProjects);
  }
  // Their work elsewhere is untouched: still signed in, status as it was.
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(sharedSession.accessToken) })).statusCode).toBe(200);
  const [row] = await t.app.ctx.database.db.select({ manualStatus: users.manualStatus }).from(users).where(eq(users.id, shared.id));
  expect(row!.manualStatus).not.toBe('offline');
});

it('within the manager’s own projects, and for a super admin everywhere, the force actions still work', async () => {
  const { gold, shared, own, token } = await setUp();
  expect((await force(token, gold.id, own.id, 'force-offline')).statusCode).toBe(200);
  expect((await force(token, gold.id, own.id, 'force-logout')).statusCode).toBe(200);
  const superAdmin = await buildUser(t.app, { role: 'super_admin' });
  const saToken = (await login(t.app, superAdmin.username)).accessToken;
  expect((await force(saToken, gold.id, shared.id, 'force-logout')).statusCode).toBe(200);
});
