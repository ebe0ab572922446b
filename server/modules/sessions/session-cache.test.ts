import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { usingPostgres } from '../../db/test-database';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import type { App } from '../../types';
import { MAX_PROJECTS_PER_SESSION } from './session-cache';
import { sessionCacheOf } from './session-cache';
import { revokeUserSessions } from './sessions';

/**
 * The session cache lets most calls skip the session statement. These tests show that it
 * never lets a change go unseen: made by the API, straight in the database, or on another
 * instance, and while the database's change announcements cannot be heard.
 */
let t: TestApp;
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database, as behind a load balancer.
  other = await buildApp({ config: t.app.ctx.config, database: t.app.ctx.database, clock: t.clock });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const requests = (app: App, token: string, projectId: number) =>
  app.inject({ method: 'GET', url: `/api/bonus/projects/${projectId}/requests`, headers: bearer(token) });
const sql = (text: string, params: unknown[]) => t.app.ctx.database.query(text, params);

/** The status the call answers once it stops answering `from`, polling for up to a second. */
async function statusAfterChange(call: () => Promise<{ statusCode: number }>, from: number): Promise<number> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const { statusCode } = await call();
    if (statusCode !== from || Date.now() > deadline) return statusCode;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function signedInMember() {
  const project = await buildProject(t.app);
  const user = await buildUser(t.app, { projects: [project.id] });
  const { accessToken } = await login(t.app, user.username);
  return { project, user, token: accessToken };
}

describe('session cache', () => {
  it('answers repeated calls from memory once a session is known', async () => {
    const { project, token } = await signedInMember();
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    expect(sessionCacheOf(t.app.ctx).get(sessionId)?.access.get(project.id)).toEqual({ allowed: true, timeZone: 'Europe/Istanbul' });
  });

  it("forgets a project's time zone when it changes in the database (no API call)", async () => {
    const { project, token } = await signedInMember();
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await sql('update project_settings set timezone = $1 where project_id = $2', ['America/New_York', project.id]);
    for (let i = 0; i < 100 && sessionCacheOf(t.app.ctx).get(sessionId); i++) await new Promise((r) => setTimeout(r, 20));
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    expect(sessionCacheOf(t.app.ctx).get(sessionId)?.access.get(project.id)?.timeZone).toBe('America/New_York');
  });

  it('sees a deactivation written straight into the database (no API call) within a second', async () => {
    const { user, token } = await signedInMember();
    expect((await me(t.app, token)).statusCode).toBe(200);
    await sql('update users set is_active = false where id = $1', [user.id]);
    expect(await statusAfterChange(() => me(t.app, token), 200)).toBe(401);
    expect((await me(t.app, token)).json().message).toBe('Session ID unknown');
  });

  it('sees a membership removed straight in the database within a second (404 on the project)', async () => {
    const { project, user, token } = await signedInMember();
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    await sql('delete from project_members where project_id = $1 and user_id = $2', [project.id, user.id]);
    expect(await statusAfterChange(() => requests(t.app, token, project.id), 200)).toBe(404);
  });

  it('a logout on one instance ends the session on the other instance too', async () => {
    const { project, token } = await signedInMember();
    expect((await requests(other, token, project.id)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: {} });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await me(t.app, token)).statusCode).toBe(401);
    expect(await statusAfterChange(() => requests(other, token, project.id), 200)).toBe(401);
  });

  it('a change made through the API is seen by the very next call on the same instance', async () => {
    const { project, user, token } = await signedInMember();
    const admin = await buildUser(t.app, { role: 'super_admin' });
    const { accessToken: adminToken } = await login(t.app, admin.username);
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(adminToken),
      payload: { username: user.username, fullName: 'Proje Dışı', email: 'proje.disi@example.com', role: 'operator', projectIds: [] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await requests(t.app, token, project.id)).statusCode).toBe(404);
  });

  it('a mutating call refused before its handler leaves the cache alone; one that reached it clears it', async () => {
    const { project, token } = await signedInMember();
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const create = (payload: unknown) => t.app.inject({ method: 'POST', url: `/api/bonus/projects/${project.id}/requests`, headers: bearer(token), payload: payload as object });
    // A body that fails validation, and a project the caller is no member of: nothing ran, nothing changed.
    expect((await create({ amount: 'çok' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/bonus/projects/999999/requests', headers: bearer(token), payload: {} })).statusCode).toBe(404);
    expect(sessionCacheOf(t.app.ctx).get(sessionId)).toBeDefined();
    const made = await create({ customerUsername: 'onbellek', customerName: 'Önbellek Testi', amount: '10.00', priority: 3 });
    expect(made.statusCode, made.body).toBe(201);
    expect(sessionCacheOf(t.app.ctx).get(sessionId)).toBeUndefined();
  });

  it('keeps at most a bounded number of project answers per session', async () => {
    const { token } = await signedInMember();
    for (let id = 900_000; id < 900_000 + MAX_PROJECTS_PER_SESSION + 20; id++) {
      expect((await requests(t.app, token, id)).statusCode).toBe(404);
    }
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    expect(sessionCacheOf(t.app.ctx).get(sessionId)!.access.size).toBeLessThanOrEqual(MAX_PROJECTS_PER_SESSION);
  });

  it.skipIf(!usingPostgres())('keeps nothing while it cannot hear the database, and listens again after a reconnect', async () => {
    const first = await signedInMember();
    expect((await me(t.app, first.token)).statusCode).toBe(200);
    // Cut every listening connection (both instances'): until they are back, every call reads the database.
    await sql("select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen auth_changed' and datname = current_database()", []);
    const hearing = () => [t.app, other].map((app) => sessionCacheOf(app.ctx).isListening);
    await vi.waitUntil(() => hearing().every((h) => !h), { timeout: 10_000 });
    expect((await me(t.app, first.token)).statusCode).toBe(200);
    await sql('update users set is_active = false where id = $1', [first.user.id]);
    expect((await me(t.app, first.token)).statusCode).toBe(401);
    // Reconnected (within about a second): changes are announced again, and answers kept again.
    await vi.waitUntil(() => hearing().every(Boolean), { timeout: 10_000 });
    const second = await signedInMember();
    expect((await me(t.app, second.token)).statusCode).toBe(200);
    await sql('update users set is_active = false where id = $1', [second.user.id]);
    expect(await statusAfterChange(() => me(t.app, second.token), 200)).toBe(401);
  });
});

describe('revoking inside a transaction', () => {
  it('closes the sockets and forgets the cached session only after the commit', async () => {
    const { project, user, token } = await signedInMember();
    expect((await requests(t.app, token, project.id)).statusCode).toBe(200);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const closed: string[][] = [];
    const realtime = t.app.ctx.realtime;
    const original = realtime.disconnectSessions.bind(realtime);
    realtime.disconnectSessions = (ids, reason) => {
      closed.push(ids);
      original(ids, reason);
    };
    try {
      await t.app.ctx.database.db.transaction(async (tx) => {
        await revokeUserSessions(t.app.ctx, user.id, 'test', tx);
        // Before the commit a reconnecting socket would still find the session valid.
        expect(closed).toEqual([]);
        expect(sessionCacheOf(t.app.ctx).get(sessionId)).toBeDefined();
      });
      expect(closed).toEqual([[sessionId]]);
      expect(sessionCacheOf(t.app.ctx).get(sessionId)).toBeUndefined();
      expect((await requests(t.app, token, project.id)).statusCode).toBe(401);
    } finally {
      realtime.disconnectSessions = original;
    }
  });
});
