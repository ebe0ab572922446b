import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { bearer, buildProject, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';
import { closedWithin, connectAs, listen } from '../../test/socket-client';

/** A membership removed through the users screen reaches the removed user's sockets at once. */
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

it("PUT /api/users/:id dropping a project closes the user's sockets of that project and keeps the others", async () => {
  const { project, members } = await buildTenant(t.app);
  const second = await buildProject(t.app);
  const admin = await login(t.app, members.super_admin.username);
  const put = (projectIds: number[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${members.agent.id}`,
      headers: bearer(admin.accessToken),
      payload: { username: members.agent.username, fullName: members.agent.fullName, email: 'temsilci@example.com', role: 'agent', isActive: true, projectIds },
    });
  expect((await put([project.id, second.id])).statusCode).toBe(200);

  const agent = await login(t.app, members.agent.username);
  const inRemoved = await socket(agent.accessToken, project.id);
  const inKept = await socket(agent.accessToken, second.id);
  const closed = closedWithin(inRemoved, 1_000);
  const res = await put([second.id]);
  expect(res.statusCode, res.body).toBe(200);
  await closed;
  expect(inKept.connected).toBe(true);
  await expect(connectAs(base, agent.accessToken, project.id)).rejects.toThrow();
});
