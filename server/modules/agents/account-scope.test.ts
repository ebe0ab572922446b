import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../../test/harness';

/**
 * Finding 4 of the attack (issue 14): an admin of GOLD only changed, through the agents
 * endpoint, the account of an agent who also works in YILDIZ. One rule decides who may change
 * an account, on every path.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setUp() {
  const gold = await buildProject(t.app);
  const yildiz = await buildProject(t.app);
  const admin = await buildUser(t.app, { role: 'admin', projects: [gold.id] });
  const shared = await buildUser(t.app, { role: 'agent', projects: [gold.id, yildiz.id] });
  const own = await buildUser(t.app, { role: 'agent', projects: [gold.id] });
  const { accessToken } = await login(t.app, admin.username);
  return { gold, yildiz, shared, own, token: accessToken };
}

const put = (url: string, token: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

it('refuses account fields of an agent who also works outside the admin’s projects, on both paths', async () => {
  const { gold, shared, token } = await setUp();
  const viaUsers = await put(`/api/users/${shared.id}`, token, { username: shared.username, fullName: 'Ele Geçirildi', email: 'x@example.com', role: 'agent' });
  expect(viaUsers.statusCode).toBe(403);
  for (const body of [{ fullName: 'Ele Geçirildi' }, { email: 'attacker@example.com' }, { maxLoad: 1 }]) {
    const viaAgents = await put(`/api/projects/${gold.id}/agents/${shared.id}`, token, body);
    expect(viaAgents.statusCode, JSON.stringify(body)).toBe(403);
  }
  const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, shared.id));
  expect(row).toMatchObject({ fullName: shared.fullName, email: shared.email, maxLoad: shared.maxLoad });
});

it('still lets the admin change an agent who works only in their projects', async () => {
  const { gold, own, token } = await setUp();
  const res = await put(`/api/projects/${gold.id}/agents/${own.id}`, token, { fullName: 'Yeni Ad', maxLoad: 7 });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ fullName: 'Yeni Ad', maxLoad: 7 });
});

it('refuses a capacity change when adding an existing agent who works elsewhere too', async () => {
  const gold = await buildProject(t.app);
  const yildiz = await buildProject(t.app);
  const kral = await buildProject(t.app);
  const admin = await buildUser(t.app, { role: 'admin', projects: [gold.id, kral.id] });
  const shared = await buildUser(t.app, { role: 'agent', projects: [gold.id, yildiz.id] });
  const { accessToken } = await login(t.app, admin.username);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${kral.id}/agents`,
    headers: bearer(accessToken),
    payload: { mode: 'existing', userId: shared.id, maxLoad: 1 },
  });
  expect(res.statusCode).toBe(403);
  const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, shared.id));
  expect(row!.maxLoad).toBe(shared.maxLoad);
});
