import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { connectSocket, listen, waitForDisconnect } from '../test/socket-client';
import type { App } from '../types';
import { REDIS_CLIENT_PREFIX } from './realtime';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('redis-fanout: TEST_REDIS_URL is not set; the multi-instance socket tests are skipped');

/** Two server instances on one database, sharing live events through Redis. */
describe.skipIf(!redisUrl)('several instances with REDIS_URL', () => {
  let a: TestApp;
  let b: App;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    // Same configuration (secret, Redis) and database: a second instance, as behind a load balancer.
    b = await buildApp({ config: a.app.ctx.config, database: a.app.ctx.database, clock: a.clock });
    await b.ready();
    baseB = await listen(b);
    await listen(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers an event emitted on one instance to a client of the other', async () => {
    const project = await buildProject(a.app);
    const user = await buildUser(a.app, { projects: [project.id] });
    const { accessToken } = await login(a.app, user.username);
    const { socket, error } = await connectSocket(baseB, { token: accessToken, projectId: project.id });
    expect(error).toBeUndefined();
    const received = new Promise((resolve) => socket.once('bonus-request-updated', resolve));
    a.app.ctx.realtime.emitToProject(project.id, 'bonus-request-updated', { projectId: project.id, bulk: true, count: 42 });
    await expect(received).resolves.toEqual({ projectId: project.id, bulk: true, count: 42 });
    expect(await a.app.ctx.realtime.countUserSockets(user.id)).toBe(1);
    socket.close();
  });

  it('a logout on one instance closes the socket held by the other within a second', async () => {
    const project = await buildProject(a.app);
    const user = await buildUser(a.app, { projects: [project.id] });
    const { accessToken } = await login(a.app, user.username);
    const { socket } = await connectSocket(baseB, { token: accessToken, projectId: project.id });
    await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(accessToken) });
    expect(await waitForDisconnect(socket, 1_000)).toBe(true);
  });

  it('live events between instances resume on their own after Redis dropped the connections', async () => {
    const project = await buildProject(a.app);
    const user = await buildUser(a.app, { projects: [project.id] });
    const { accessToken } = await login(a.app, user.username);
    const { socket } = await connectSocket(baseB, { token: accessToken, projectId: project.id });

    // Redis drops both instances' connections (as on a Redis restart); other tests' clients are left alone.
    const { createClient } = await import('redis');
    const admin = createClient({ url: redisUrl! });
    await admin.connect();
    const names = [a.app.ctx.realtime.origin, b.ctx.realtime.origin].map((o) => `${REDIS_CLIENT_PREFIX}${o}`);
    const ids = (await admin.sendCommand<string>(['CLIENT', 'LIST']))
      .split('\n')
      .filter((line) => names.some((n) => line.includes(` name=${n} `)))
      .map((line) => /\bid=(\d+)/.exec(line)![1]!);
    expect(ids.length).toBe(4); // pub and sub of each instance
    // Events keep being sent while the connections drop: publishes in flight then fail, which must
    // not become an unhandled rejection (that ends a Node process).
    let bursting = true;
    const burst = (async () => {
      while (bursting) {
        a.app.ctx.realtime.emitToProject(project.id, 'bonus-request-updated', { projectId: project.id, bulk: true, count: 1 });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (const id of ids) await admin.sendCommand(['CLIENT', 'KILL', 'ID', id]);
    bursting = false;
    await burst;
    await admin.quit();

    // Events sent from now on arrive again once the adapter has reconnected and re-subscribed.
    let seen = 0;
    socket.on('bonus-request-updated', () => seen++);
    for (let i = 0; i < 100 && seen === 0; i++) {
      a.app.ctx.realtime.emitToProject(project.id, 'bonus-request-updated', { projectId: project.id, bulk: true, count: i });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBeGreaterThan(0);
    expect(await a.app.ctx.realtime.redisStatus()).toBe('up');
    socket.close();
  });

  it('reports Redis in health', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().redis).toBe('up');
  });
});
