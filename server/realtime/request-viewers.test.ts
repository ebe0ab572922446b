import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { RequestViewers } from '@common/schemas/request-viewers';
import type { ServerEventPayload } from '@common/contract/socket-events';
import { projectMembers, users } from '../db/schema';
import { insertRequest } from '../modules/bonus/bonus-test-kit';
import { buildProject, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { closedWithin, connectAs, connectSocket, listen, nextEvent } from '../test/socket-client';

type RequestViewersSnapshot = ServerEventPayload<typeof SOCKET_EVENTS.requestViewersSnapshot>;

/** Issue 31: 'request-viewing' / 'request-left' and the 'request-viewers' lists, through the real app. */
let t: TestApp;
let base: string;
const opened: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  opened.forEach((s) => s.close());
  await t?.close();
});

async function person(projectId: number, fullName: string, role: 'agent' | 'operator' = 'agent') {
  const user = await buildUser(t.app, { role, projects: [projectId] });
  await t.app.ctx.database.db.update(users).set({ fullName }).where(eq(users.id, user.id));
  const { accessToken } = await login(t.app, user.username);
  const tab = async () => {
    const socket = await connectAs(base, accessToken, projectId);
    opened.push(socket);
    return socket;
  };
  return { user, tab };
}

/** A project with one request, and a member watching its room. */
async function scene() {
  const project = await buildProject(t.app);
  const request = await insertRequest(t.app, project.id, { customerId: 'C1' });
  const watcher = await (await person(project.id, 'Gözcü Kişi')).tab();
  return { project, request, watcher };
}

const viewersOf = (socket: Socket, requestId: number, match: (names: string[]) => boolean, timeoutMs?: number) =>
  nextEvent(socket, SOCKET_EVENTS.requestViewers, (p) => p.requestId === requestId && match(p.viewers.map((v) => v.fullName)), timeoutMs);

const view = (socket: Socket, requestId: unknown) => socket.emitWithAck(SOCKET_EVENTS.requestViewing, { requestId });

/**
 * Every list computed so far has reached `socket`: they have all gone out, and a marker sent to
 * the same room after them arrives after them.
 */
async function delivered(socket: Socket, projectId: number) {
  await t.app.ctx.realtime.viewers.settled();
  const marker = nextEvent(socket, SOCKET_EVENTS.settingsChanged, (p) => 'projectId' in p && p.projectId === projectId);
  t.app.ctx.realtime.emitToProject(projectId, SOCKET_EVENTS.settingsChanged, { projectId });
  await marker;
}

async function heardNothing(socket: Socket, projectId: number, heard: RequestViewers[]) {
  await delivered(socket, projectId);
  expect(heard).toEqual([]);
}

function collect(socket: Socket): RequestViewers[] {
  const heard: RequestViewers[] = [];
  socket.on(SOCKET_EVENTS.requestViewers, (p: RequestViewers) => heard.push(p));
  return heard;
}

describe('viewing and leaving', () => {
  it('opening a detail tells the project room who looks at it; closing it takes them off', async () => {
    const { project, request, watcher } = await scene();
    const ayse = await person(project.id, 'Ayşe Çelik');
    const socket = await ayse.tab();

    const listed = viewersOf(watcher, request.id, (names) => names.length === 1);
    expect(await view(socket, request.id)).toEqual({ ok: true });
    expect(await listed).toEqual({ requestId: request.id, viewers: [{ userId: ayse.user.id, fullName: 'Ayşe Çelik' }] });

    const left = viewersOf(watcher, request.id, (names) => names.length === 0);
    socket.emit(SOCKET_EVENTS.requestLeft, { requestId: request.id });
    expect(await left).toEqual({ requestId: request.id, viewers: [] });
  });

  it('several people are listed each once, in alphabetical order, the viewer included (each screen leaves itself out)', async () => {
    const { project, request, watcher } = await scene();
    const mehmet = await (await person(project.id, 'Mehmet Kaya')).tab();
    const ayse = await (await person(project.id, 'Ayşe Çelik')).tab();
    await view(mehmet, request.id);
    const both = viewersOf(watcher, request.id, (names) => names.length === 2);
    await view(ayse, request.id);
    expect((await both).viewers.map((v) => v.fullName)).toEqual(['Ayşe Çelik', 'Mehmet Kaya']);
  });

  it('a closed socket leaves at once', async () => {
    const { project, request, watcher } = await scene();
    const socket = await (await person(project.id, 'Can Koç')).tab();
    await view(socket, request.id);
    await delivered(watcher, project.id);
    const gone = viewersOf(watcher, request.id, (names) => names.length === 0);
    socket.close();
    await gone;
  });

  it('a dropped connection (no answer to the heartbeat) leaves within 5 s', async () => {
    const { project, request, watcher } = await scene();
    const socket = await (await person(project.id, 'Kopan Bağlantı')).tab();
    const listed = viewersOf(watcher, request.id, (names) => names.includes('Kopan Bağlantı'));
    await view(socket, request.id);
    await listed;
    // The network goes silent: the client neither hears the server nor answers its pings; nothing is closed.
    const engine = socket.io.engine as unknown as { transport: { onData: (data: unknown) => void } };
    engine.transport.onData = () => undefined;
    const droppedAt = Date.now();
    await viewersOf(watcher, request.id, (names) => names.length === 0, 8_000);
    expect(Date.now() - droppedAt).toBeLessThan(5_000);
  });

  it('one person with two tabs counts once; closing one tab keeps them, closing both takes them off', async () => {
    const { project, request, watcher } = await scene();
    const zeynep = await person(project.id, 'Zeynep Öztürk');
    const [first, second] = [await zeynep.tab(), await zeynep.tab()];
    await view(first, request.id);
    await view(second, request.id);
    await delivered(watcher, project.id);

    const afterOne = nextEvent(watcher, SOCKET_EVENTS.requestViewers, (p) => p.requestId === request.id);
    second.emit(SOCKET_EVENTS.requestLeft, { requestId: request.id });
    expect((await afterOne).viewers).toEqual([{ userId: zeynep.user.id, fullName: 'Zeynep Öztürk' }]);

    const afterBoth = nextEvent(watcher, SOCKET_EVENTS.requestViewers, (p) => p.requestId === request.id);
    first.close();
    expect((await afterBoth).viewers).toEqual([]);
  });

  it('announcing the same request again changes nothing', async () => {
    const { project, request, watcher } = await scene();
    const socket = await (await person(project.id, 'Aynı Kişi')).tab();
    await view(socket, request.id);
    await delivered(watcher, project.id);
    const heard = collect(watcher);
    expect(await view(socket, request.id)).toEqual({ ok: true });
    await heardNothing(watcher, project.id, heard);
  });

  it('a screen joining the room later is sent the lists so far', async () => {
    const { project, request } = await scene();
    const other = await insertRequest(t.app, project.id, { customerId: 'C2' });
    const ayse = await (await person(project.id, 'Ayşe Çelik')).tab();
    await view(ayse, request.id);
    await view(ayse, other.id);

    const late = await person(project.id, 'Geç Gelen');
    const { accessToken } = await login(t.app, late.user.username);
    let snapshot: Promise<RequestViewersSnapshot> | undefined;
    const { socket, error } = await connectSocket(base, {
      token: accessToken,
      projectId: project.id,
      before: (s) => (snapshot = nextEvent(s, SOCKET_EVENTS.requestViewersSnapshot)),
    });
    expect(error).toBeUndefined();
    opened.push(socket);
    const expected = [request.id, other.id].sort((a, b) => a - b).map((requestId) => ({ requestId, viewers: [expect.objectContaining({ fullName: 'Ayşe Çelik' })] }));
    const byId = (lists: RequestViewers[]) => [...lists].sort((a, b) => a.requestId - b.requestId);
    expect(byId((await snapshot!).lists)).toEqual(expected);
    // Coming back into the room after leaving it brings the lists again (a screen switching projects back).
    expect(byId((await rejoinSnapshot(socket, project.id)).lists)).toEqual(expected);
  });
});

/** A socket that leaves its room and joins it again is sent the snapshot anew. */
async function rejoinSnapshot(socket: Socket, projectId: number) {
  socket.emit(SOCKET_EVENTS.leaveProject, projectId);
  const snapshot = nextEvent(socket, SOCKET_EVENTS.requestViewersSnapshot);
  expect(await socket.emitWithAck(SOCKET_EVENTS.joinProject, projectId)).toEqual({ ok: true });
  return snapshot;
}

describe('who may announce and hear', () => {
  it('a member of another project can neither announce its request nor hear its lists', async () => {
    const { project, request, watcher } = await scene();
    const foreignProject = await buildProject(t.app);
    const stranger = await (await person(foreignProject.id, 'Yabancı Kişi')).tab();
    const strangerHeard = collect(stranger);
    const watcherHeard = collect(watcher);

    expect(await view(stranger, request.id)).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Talep bulunamadı' });
    await heardNothing(watcher, project.id, watcherHeard);

    // A member's announcement reaches the project's room only.
    const member = await (await person(project.id, 'Üye Kişi')).tab();
    const listed = viewersOf(watcher, request.id, (names) => names.length === 1);
    await view(member, request.id);
    await listed;
    await heardNothing(stranger, foreignProject.id, strangerHeard);
  });

  it('a request of another project is refused even to a member of both, from the socket of the other project', async () => {
    const { project, request, watcher } = await scene();
    const second = await buildProject(t.app);
    const both = await buildUser(t.app, { role: 'agent', projects: [project.id, second.id] });
    const { accessToken } = await login(t.app, both.username);
    const socket = await connectAs(base, accessToken, second.id);
    opened.push(socket);
    const heard = collect(watcher);
    expect((await view(socket, request.id)).ok).toBe(false);
    await heardNothing(watcher, project.id, heard);
  });

  it('a user whose membership ended cannot announce, even before their socket is closed', async () => {
    const { project, request, watcher } = await scene();
    const former = await person(project.id, 'Eski Üye');
    const socket = await former.tab();
    await t.app.ctx.database.db.delete(projectMembers).where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, former.user.id)));
    const heard = collect(watcher);
    expect(await view(socket, request.id)).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Talep bulunamadı' });
    await heardNothing(watcher, project.id, heard);
  });

  it("a socket that left its project's room cannot announce, and leaving takes it off what it viewed", async () => {
    const { project, request, watcher } = await scene();
    const socket = await (await person(project.id, 'Ayrılan Kişi')).tab();
    await view(socket, request.id);
    await delivered(watcher, project.id);
    const off = viewersOf(watcher, request.id, (names) => names.length === 0);
    socket.emit(SOCKET_EVENTS.leaveProject, project.id);
    await off;
    expect((await view(socket, request.id)).ok).toBe(false);
  });

  it('moving to another project takes the socket off what it viewed in the first', async () => {
    const { project, request, watcher } = await scene();
    const second = await buildProject(t.app);
    const both = await buildUser(t.app, { role: 'agent', projects: [project.id, second.id] });
    const { accessToken } = await login(t.app, both.username);
    const socket = await connectAs(base, accessToken, project.id);
    opened.push(socket);
    await view(socket, request.id);
    await delivered(watcher, project.id);
    const off = viewersOf(watcher, request.id, (names) => names.length === 0);
    expect(await socket.emitWithAck(SOCKET_EVENTS.joinProject, second.id)).toEqual({ ok: true });
    await off;
  });

  it('removing a member through the API closes their socket and takes them off the list', async () => {
    const { project, request, watcher } = await scene();
    const member = await person(project.id, 'Çıkarılan Kişi');
    const socket = await member.tab();
    await view(socket, request.id);
    await delivered(watcher, project.id);
    const off = viewersOf(watcher, request.id, (names) => names.length === 0);
    await t.app.ctx.realtime.disconnectUserFromProject(member.user.id, project.id);
    await closedWithin(socket, 2_000);
    await off;
  });
});

describe('what a client sends', () => {
  it('a request id that is not one is refused with a Turkish message; an unknown id is not found; the socket keeps working', async () => {
    const { project, request, watcher } = await scene();
    const socket = await (await person(project.id, 'Deneme Kişi')).tab();
    const heard = collect(watcher);
    for (const wrong of [String(request.id), -1, 0, 1.5, 2 ** 40, null, 'x'.repeat(100_000)]) {
      expect(await view(socket, wrong)).toEqual({ ok: false, code: 'VALIDATION_FAILED', message: 'Talep numarası geçersiz' });
    }
    for (const payload of [null, request.id, { requestId: request.id, projectId: project.id }, JSON.parse(`{"requestId": ${request.id}, "__proto__": {"x": 1}}`)]) {
      const answer = await socket.emitWithAck(SOCKET_EVENTS.requestViewing, payload);
      expect(answer.ok, JSON.stringify(payload)).toBe(false);
    }
    expect(await view(socket, 2_147_483_647)).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Talep bulunamadı' });
    socket.emit(SOCKET_EVENTS.requestLeft, 'not a payload');
    socket.emit(SOCKET_EVENTS.requestViewing, { requestId: request.id }, 'not a callback');
    await heardNothing(watcher, project.id, heard.splice(0));
    expect(socket.connected).toBe(true);
  });

  it('a flood of announcements is cut short: refused past a burst, with a bounded number of lists sent', async () => {
    const { project, request, watcher } = await scene();
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => insertRequest(t.app, project.id, { customerId: `F${n}` })));
    const socket = await (await person(project.id, 'Sel Kişi')).tab();
    const heard = collect(watcher);
    const ids = [request.id, ...others.map((o) => o.id)];
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => {
        const requestId = ids[i % ids.length]!;
        if (i % 2) socket.emit(SOCKET_EVENTS.requestLeft, { requestId });
        return view(socket, requestId);
      }),
    );
    const refusedCount = answers.filter((a) => !a.ok && a.code === 'RATE_LIMITED').length;
    expect(refusedCount).toBeGreaterThan(950);
    expect(answers.find((a) => !a.ok)).toEqual({ ok: false, code: 'RATE_LIMITED', message: 'Çok fazla istek. Lütfen biraz sonra tekrar deneyin.' });
    await delivered(watcher, project.id);
    // At most one list per request per announcement let through, and never more than five requests held at once.
    expect(heard.length).toBeLessThanOrEqual(2 * 30);
    const latest = new Map(heard.map((p) => [p.requestId, p.viewers.length]));
    expect([...latest.values()].filter((n) => n > 0).length).toBeLessThanOrEqual(5);
    expect(socket.connected).toBe(true);
  });
});
