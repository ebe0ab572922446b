import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { AgentStatusChanged } from '@common/schemas/agents';
import { SOCKET_EVENTS } from '@common/socket-events';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { App } from '../../types';
import { bearer, buildTenant, createTestApp, login, type TestApp } from '../../test/harness';
import { connectSocket, disconnected, listen, nextEvent } from '../../test/socket-client';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
const hasRedis = await redisReachable();

/**
 * Two server instances on one database, joined by the socket.io Redis adapter: an agent
 * connected to one is seen by the other, and a force action sent to either reaches them.
 */
describe.skipIf(!hasRedis)(`presence across two instances (needs Redis at ${REDIS_URL}; skipped without it)`, () => {
  let a: TestApp;
  let b: App;
  let baseA: string;
  let baseB: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    // Ids far from other test processes that may share this Redis: rooms are named by id.
    const offset = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await a.app.ctx.database.query(`select setval('users_id_seq', ${offset}), setval('projects_id_seq', ${offset})`);
    const dataDir = a.app.ctx.config.DATA_DIR;
    b = await buildApp({
      config: loadConfig({}, {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
        JOBS_ENABLED: 'false',
        REDIS_URL,
      }),
      database: a.app.ctx.database,
      clock: a.clock,
    });
    await b.ready();
    baseA = await listen(a.app);
    baseB = await listen(b);
  });
  afterAll(async () => {
    open.forEach((s) => s.close());
    await b?.close();
    await a?.close();
  });

  async function socket(base: string, token: string, projectId: number) {
    const s = await connectSocket(base, token, projectId);
    open.push(s);
    return s;
  }

  it('an agent on instance A is online for a watcher and the API of instance B, and B can force them off', async () => {
    const { project, members } = await buildTenant(a.app);
    const manager = await login(a.app, members.manager.username);
    const agent = await login(a.app, members.agent.username);
    const watcherOnB = await socket(baseB, manager.accessToken, project.id);

    const online = nextEvent<AgentStatusChanged>(watcherOnB, SOCKET_EVENTS.agentStatusChanged, (p) => p.agentId === members.agent.id && p.status === 'online');
    const agentOnA = await socket(baseA, agent.accessToken, project.id);
    await online;
    const fromB = await b.inject({ method: 'GET', url: `/api/projects/${project.id}/agents/${members.agent.id}`, headers: bearer(manager.accessToken) });
    expect(fromB.json().data.status).toBe('online');

    const notice = nextEvent(agentOnA, SOCKET_EVENTS.forcedOffline);
    const gone = disconnected(agentOnA, 1_000);
    const offline = nextEvent<AgentStatusChanged>(watcherOnB, SOCKET_EVENTS.agentStatusChanged, (p) => p.agentId === members.agent.id && p.status === 'offline');
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
    const gone = disconnected(agentOnA, 1_000);
    await b.inject({
      method: 'POST',
      url: `/api/auth/admin/projects/${project.id}/agents/${members.agent.id}/force-logout`,
      headers: bearer(manager.accessToken),
      payload: {},
    });
    await gone;
  });
});
