import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { App } from '../../types';
import { bearer, buildTenant, createTestApp, login, siblingInstance, type TestApp } from '../../test/harness';
import { closedWithin, connectAs, listen, nextEvent } from '../../test/socket-client';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.warn('presence-cluster: TEST_REDIS_URL is not set; the two-instance presence tests are skipped');

/**
 * Two server instances on one database, joined by the socket.io Redis adapter: an agent
 * connected to one is seen by the other, and a force action sent to either reaches them.
 */
describe.skipIf(!REDIS_URL)('presence across two instances (needs TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: App;
  let baseA: string;
  let baseB: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    // Channels of this run only: other test processes on the same Redis neither hear these
    // instances nor make them wait for answers (a fetchSockets waits for every subscriber).
    const REDIS_KEY = `presence-test-${process.pid}-${Date.now()}`;
    a = await createTestApp({ REDIS_URL: REDIS_URL!, REDIS_KEY });
    b = await siblingInstance(a, { overrides: { REDIS_URL: REDIS_URL!, REDIS_KEY } });
    baseA = await listen(a.app);
    baseB = await listen(b);
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await b?.close();
    await a?.close();
  });

  async function socket(base: string, token: string, projectId: number) {
    const s = await connectAs(base, token, projectId);
    open.push(s);
    return s;
  }

  it('an agent on instance A is online for a watcher and the API of instance B, and B can force them off', async () => {
    const { project, members } = await buildTenant(a.app);
    const manager = await login(a.app, members.manager.username);
    const agent = await login(a.app, members.agent.username);
    const watcherOnB = await socket(baseB, manager.accessToken, project.id);

    const online = nextEvent(watcherOnB, SOCKET_EVENTS.agentStatusChanged, (p) => p.agentId === members.agent.id && p.status === 'online');
    const agentOnA = await socket(baseA, agent.accessToken, project.id);
    await online;
    const fromB = await b.inject({ method: 'GET', url: `/api/projects/${project.id}/agents/${members.agent.id}`, headers: bearer(manager.accessToken) });
    expect(fromB.json().data.status).toBe('online');

    const notice = nextEvent(agentOnA, SOCKET_EVENTS.forcedOffline);
    const gone = closedWithin(agentOnA, 1_000);
    const offline = nextEvent(watcherOnB, SOCKET_EVENTS.agentStatusChanged, (p) => p.agentId === members.agent.id && p.status === 'offline');
    const res = await b.inject({
      method: 'POST',
      url: `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-offline`,
      headers: bearer(manager.accessToken),
      payload: { reason: 'İki sunucu' },
    });
    expect(res.json().data.status).toBe('offline');
    await notice;
    await gone;
    await offline;
  });

  it('force logout through instance B closes sockets held by instance A', async () => {
    const { project, members } = await buildTenant(a.app);
    const manager = await login(a.app, members.manager.username);
    const agent = await login(a.app, members.agent.username);
    const agentOnA = await socket(baseA, agent.accessToken, project.id);
    const gone = closedWithin(agentOnA, 1_000);
    await b.inject({
      method: 'POST',
      url: `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-logout`,
      headers: bearer(manager.accessToken),
      payload: {},
    });
    await gone;
  });
});
