import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { ServerEventPayload } from '@common/contract/socket-events';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { insertRequest } from '../modules/bonus/bonus-test-kit';
import { buildProject, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { connectAs, connectSocket, listen, nextEvent } from '../test/socket-client';
import type { App } from '../types';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && !process.env.CI) console.warn('request-viewers-cluster: TEST_REDIS_URL is not set; the two-instance viewer tests are skipped');

/**
 * Issue 31 across two instances on one database, sharing rooms through the socket.io Redis
 * adapter: each instance keeps only its own sockets, and every list is computed over both.
 */
describe.skipIf(!redisUrl && !process.env.CI)('request viewers across two instances', () => {
  let a: TestApp;
  let b: App;
  let baseA: string;
  let baseB: string;
  const opened: Socket[] = [];
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    b = await buildApp({ config: a.app.ctx.config, database: a.app.ctx.database, clock: a.clock });
    await b.ready();
    baseA = await listen(a.app);
    baseB = await listen(b);
  });
  afterAll(async () => {
    opened.forEach((s) => s.close());
    await b?.close();
    await a?.close();
  });

  async function tabOf(base: string, projectId: number, fullName: string) {
    const user = await buildUser(a.app, { role: 'agent', projects: [projectId] });
    await a.app.ctx.database.db.update(users).set({ fullName }).where(eq(users.id, user.id));
    const { accessToken } = await login(a.app, user.username);
    const socket = await connectAs(base, accessToken, projectId);
    opened.push(socket);
    return { user, socket, accessToken };
  }

  /** Every list either instance computed so far has reached `socket` (each instance's events arrive in order). */
  async function delivered(socket: Socket, projectId: number) {
    await Promise.all([a.app.ctx.realtime.viewers.settled(), b.ctx.realtime.viewers.settled()]);
    for (const instance of [a.app, b]) {
      const marker = nextEvent(socket, SOCKET_EVENTS.settingsChanged, (p) => 'projectId' in p && p.projectId === projectId);
      instance.ctx.realtime.emitToProject(projectId, SOCKET_EVENTS.settingsChanged, { projectId });
      await marker;
    }
  }

  const names = (p: ServerEventPayload<typeof SOCKET_EVENTS.requestViewers>) => p.viewers.map((v) => v.fullName);

  it('viewers on both instances are listed together to every screen; one leaving is seen on both', async () => {
    const project = await buildProject(a.app);
    const request = await insertRequest(a.app, project.id, { customerId: 'K1' });
    const watcherOnA = (await tabOf(baseA, project.id, 'Gözcü A')).socket;
    const watcherOnB = (await tabOf(baseB, project.id, 'Gözcü B')).socket;
    const ayseOnA = await tabOf(baseA, project.id, 'Ayşe Çelik');
    const mehmetOnB = await tabOf(baseB, project.id, 'Mehmet Kaya');

    const match = (p: ServerEventPayload<typeof SOCKET_EVENTS.requestViewers>) => p.requestId === request.id && p.viewers.length === 2;
    const heardOnA = nextEvent(watcherOnA, SOCKET_EVENTS.requestViewers, match);
    const heardOnB = nextEvent(watcherOnB, SOCKET_EVENTS.requestViewers, match);
    expect(await ayseOnA.socket.emitWithAck(SOCKET_EVENTS.requestViewing, { requestId: request.id })).toEqual({ ok: true });
    expect(await mehmetOnB.socket.emitWithAck(SOCKET_EVENTS.requestViewing, { requestId: request.id })).toEqual({ ok: true });
    expect(names(await heardOnA)).toEqual(['Ayşe Çelik', 'Mehmet Kaya']);
    expect(names(await heardOnB)).toEqual(['Ayşe Çelik', 'Mehmet Kaya']);

    // A screen opened on A later is sent the list that includes B's viewer.
    let snapshot: Promise<ServerEventPayload<typeof SOCKET_EVENTS.requestViewersSnapshot>> | undefined;
    const late = await connectSocket(baseA, {
      token: (await login(a.app, (await buildUser(a.app, { role: 'agent', projects: [project.id] })).username)).accessToken,
      projectId: project.id,
      before: (s) => (snapshot = nextEvent(s, SOCKET_EVENTS.requestViewersSnapshot)),
    });
    opened.push(late.socket);
    expect((await snapshot!).lists).toEqual([{ requestId: request.id, viewers: [expect.objectContaining({ fullName: 'Ayşe Çelik' }), expect.objectContaining({ fullName: 'Mehmet Kaya' })] }]);

    // B's viewer closes their tab: A's screens see only Ayşe.
    const onlyAyse = nextEvent(watcherOnA, SOCKET_EVENTS.requestViewers, (p) => p.requestId === request.id && p.viewers.length === 1);
    mehmetOnB.socket.close();
    expect(names(await onlyAyse)).toEqual(['Ayşe Çelik']);
  });

  it('one person with a tab on each instance counts once, and stays while one tab is open', async () => {
    const project = await buildProject(a.app);
    const request = await insertRequest(a.app, project.id, { customerId: 'K2' });
    const watcher = (await tabOf(baseA, project.id, 'Gözcü')).socket;
    const zeynep = await tabOf(baseA, project.id, 'Zeynep Öztürk');
    const second = await connectAs(baseB, zeynep.accessToken, project.id);
    opened.push(second);

    await zeynep.socket.emitWithAck(SOCKET_EVENTS.requestViewing, { requestId: request.id });
    await second.emitWithAck(SOCKET_EVENTS.requestViewing, { requestId: request.id });
    await delivered(watcher, project.id);

    // The next list, after the tab on A closed, still names Zeynep, once.
    const afterClose = nextEvent(watcher, SOCKET_EVENTS.requestViewers, (p) => p.requestId === request.id);
    zeynep.socket.close();
    expect(await afterClose).toEqual({ requestId: request.id, viewers: [{ userId: zeynep.user.id, fullName: 'Zeynep Öztürk' }] });

    const gone = nextEvent(watcher, SOCKET_EVENTS.requestViewers, (p) => p.requestId === request.id && p.viewers.length === 0);
    second.close();
    await gone;
  });
});
