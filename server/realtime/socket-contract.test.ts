import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { projectEventMetaSchema, serverEventSchemas } from '@common/contract/socket-events';
import { SOCKET_EVENTS } from '@common/socket-events';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../test/harness';
import { connectAs, listen, nextEvent } from '../test/socket-client';
import { Realtime } from './realtime';

/** The live events against their contract (common/contract/socket-events.ts), through the real app. */
let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

async function operatorOnline() {
  const project = await buildProject(t.app);
  const user = await buildUser(t.app, { role: 'operator', projects: [project.id] });
  const { accessToken } = await login(t.app, user.username);
  const socket = await connectAs(base, accessToken, project.id);
  sockets.push(socket);
  return { project, accessToken, socket };
}

/** The next `event` with its payload and the metadata beside it. */
function nextWithMeta(socket: Socket, event: string): Promise<{ payload: unknown; meta: unknown }> {
  return new Promise((resolve) => socket.once(event, (payload: unknown, meta: unknown) => resolve({ payload, meta })));
}

describe('server events', () => {
  it('a created and a claimed request arrive as their schemas say, the same request the API answers (without its abilities)', async () => {
    const { project, accessToken, socket } = await operatorOnline();
    const created = nextWithMeta(socket, SOCKET_EVENTS.requestCreated);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bonus/projects/${project.id}/requests`,
      headers: bearer(accessToken),
      payload: { customerUsername: 'oyuncu_1', bonusType: 'cashback', amount: '250.50', priority: 3 },
    });
    expect(res.statusCode).toBe(201);
    const event = await created;
    const request = serverEventSchemas[SOCKET_EVENTS.requestCreated].parse(event.payload);
    // Broadcast to the whole project, the payload has no caller's abilities: the rest is the API's answer.
    const { abilities, ...answered } = res.json().data;
    expect(abilities).toEqual({ canClaim: true, canComplete: false, canRequeue: false, canApprove: false });
    expect(event.payload).not.toHaveProperty('abilities');
    expect(request).toEqual(answered);
    expect(projectEventMetaSchema.safeParse(event.meta).success).toBe(true);

    const assigned = nextWithMeta(socket, SOCKET_EVENTS.requestAssigned);
    const claim = await t.app.inject({ method: 'POST', url: `/api/bonus/projects/${project.id}/requests/${request.id}/assign`, headers: bearer(accessToken), payload: {} });
    expect(claim.statusCode).toBe(200);
    const claimed = serverEventSchemas[SOCKET_EVENTS.requestAssigned].parse((await assigned).payload);
    expect(claimed).toMatchObject({ id: request.id, status: 'assigned' });
  });

  it('in tests, an emitter sending a payload off its schema throws instead of sending it', async () => {
    const { project, socket } = await operatorOnline();
    let received = 0;
    socket.on(SOCKET_EVENTS.requestCreated, () => received++);
    // Payloads the types would refuse, passed on purpose (`as never`): the runtime check is what is tested.
    expect(() => t.app.ctx.realtime.emitToProject(project.id, SOCKET_EVENTS.requestCreated, { id: 1 } as never)).toThrow(/bonus-request-created/);
    expect(() => t.app.ctx.realtime.emitToAll(SOCKET_EVENTS.settingsChanged, { system: false } as never)).toThrow(/settings-changed/);
    // A valid event sent after them arrives after anything sent before it on this socket.
    const marker = nextEvent(socket, SOCKET_EVENTS.settingsChanged, (p) => 'projectId' in p && p.projectId === project.id);
    t.app.ctx.realtime.emitToProject(project.id, SOCKET_EVENTS.settingsChanged, { projectId: project.id });
    await marker;
    expect(received).toBe(0);
  });

  it('outside tests the payload is sent as it is, without parsing it', () => {
    const production = new Realtime({ allowedOrigins: [] });
    expect(() => production.emitToProject(1, SOCKET_EVENTS.requestCreated, { id: 1 } as never)).not.toThrow();
  });
});

describe('client events', () => {
  it("'join-project' with anything but a project id is refused with a code; the socket keeps working", async () => {
    const { project, socket } = await operatorOnline();
    for (const wrong of [String(project.id), -1, 1.5, 2 ** 40, null, { id: project.id }]) {
      expect(await socket.emitWithAck(SOCKET_EVENTS.joinProject, wrong)).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Bu projeye erişim yetkiniz yok' });
    }
    // A second argument that is not an acknowledgement callback is ignored, not called.
    socket.emit(SOCKET_EVENTS.joinProject, project.id, 'not a callback');
    socket.emit(SOCKET_EVENTS.leaveProject, { not: 'an id' });
    expect(await socket.emitWithAck(SOCKET_EVENTS.joinProject, project.id)).toEqual({ ok: true });
    expect(socket.connected).toBe(true);
  });
});
