import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '@common/contract/socket-events';
import { useSessionStore } from '@web/stores/session-store';
import { json, mockFetch } from '@web/test/fetch-mock';
import { signInAs, signOutStore } from '@web/test/session-fixtures';
import { notify } from './notify';
import { ProjectSocket, SOCKET_OUTAGE_TOAST } from './socket';
import { useLiveInvalidation } from './use-project-socket';

type Handler = (...args: any[]) => void;

const fake = vi.hoisted(() => {
  /** Just enough of socket.io-client's Socket to drive ProjectSocket from a test. */
  class FakeSocket {
    handlers = new Map<string, Handler[]>();
    anyHandlers: Handler[] = [];
    emitted: unknown[][] = [];
    connected = false;
    active = true;
    connectCalls = 0;
    disconnected = false;
    managerHandlers = new Map<string, Handler[]>();
    io: { opts: { query: Record<string, string> }; on: (event: string, handler: Handler) => void; off: (event: string, handler: Handler) => void };
    constructor(readonly options: Record<string, any>) {
      this.io = {
        opts: { query: { ...options.query } },
        on: (event, handler) => void this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]),
        off: (event, handler) => void this.managerHandlers.set(event, (this.managerHandlers.get(event) ?? []).filter((h) => h !== handler)),
      };
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    onAny(handler: Handler) {
      this.anyHandlers.push(handler);
      return this;
    }
    offAny() {
      this.anyHandlers = [];
      return this;
    }
    removeAllListeners() {
      this.handlers.clear();
      return this;
    }
    emit(...args: unknown[]) {
      this.emitted.push(args);
      return this;
    }
    connect() {
      this.connectCalls++;
      return this;
    }
    disconnect() {
      this.disconnected = true;
      this.connected = false;
      return this;
    }
    /** Socket.io's own lifecycle events. */
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') this.connected = true;
      this.handlers.get(event)?.forEach((h) => h(...args));
    }
    /** An application event from the server. */
    receive(event: string, payload?: unknown) {
      this.anyHandlers.forEach((h) => h(event, payload));
      this.handlers.get(event)?.forEach((h) => h(payload));
    }
  }
  const sockets: FakeSocket[] = [];
  return { FakeSocket, sockets };
});

vi.mock('socket.io-client', () => ({
  io: (options: Record<string, any>) => {
    const socket = new fake.FakeSocket(options);
    fake.sockets.push(socket);
    return socket;
  },
}));

/** A JWT whose only readable claim is `exp` (seconds). */
function jwt(expSeconds: number): string {
  const payload = btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ProjectSocket', () => {
  let live: ProjectSocket;
  beforeEach(() => {
    fake.sockets.length = 0;
    signInAs('admin');
    live = new ProjectSocket();
  });
  afterEach(() => {
    live.stop();
    signOutStore();
  });

  it('connects with the agreed options and joins the project on connect', () => {
    live.start(1);
    const socket = fake.sockets[0]!;
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      query: { projectId: '1' },
      transports: ['polling', 'websocket'],
      timeout: 20_000,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
    });
    expect(live.getStatus()).toBe('connecting');
    socket.fire('connect');
    expect(live.getStatus()).toBe('connected');
    expect(socket.emitted[0]!.slice(0, 2)).toEqual(['join-project', 1]);
    socket.fire('disconnect', 'transport close');
    expect(live.getStatus()).toBe('disconnected');
  });

  it('hands the handshake the current token, refreshing an expired one first', async () => {
    const { calls } = mockFetch(() => json(200, { success: true, data: { tokens: { accessToken: 'fresh' } } }));
    useSessionStore.setState({ token: jwt(Math.floor(Date.now() / 1000) + 600) });
    live.start(1);
    const auth = fake.sockets[0]!.options.auth as (cb: (data: unknown) => void) => void;
    const first = vi.fn();
    auth(first);
    await flush();
    expect(first).toHaveBeenCalledWith({ token: useSessionStore.getState().token });
    expect(calls).toHaveLength(0);

    useSessionStore.setState({ token: jwt(Math.floor(Date.now() / 1000) - 60) });
    const second = vi.fn();
    auth(second);
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith({ token: 'fresh' }));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
  });

  it('switching project leaves the old room, joins the new one, and reconnects there later', () => {
    live.start(1);
    const socket = fake.sockets[0]!;
    socket.fire('connect');
    live.start(2);
    expect(fake.sockets).toHaveLength(1);
    expect(socket.emitted.slice(1).map((args) => args.slice(0, 2))).toEqual([
      ['leave-project', 1],
      ['join-project', 2],
    ]);
    expect(socket.io.opts.query).toEqual({ projectId: '2' });
  });

  it('delivers server events to subscribers until they unsubscribe', () => {
    live.start(1);
    const socket = fake.sockets[0]!;
    const handler = vi.fn();
    const off = live.on('bonus-request-created', handler);
    socket.receive('bonus-request-created', { id: 5 });
    socket.receive('bonus-request-updated', { id: 6 });
    off();
    socket.receive('bonus-request-created', { id: 7 });
    expect(handler.mock.calls).toEqual([[{ id: 5 }]]);
  });

  it("'session-revoked' ends the session", () => {
    live.start(1);
    fake.sockets[0]!.receive('session-revoked', { reason: 'logout' });
    expect(useSessionStore.getState().token).toBeNull();
  });

  const refusal = (message: string, code: string) => Object.assign(new Error(message), { data: { code } });

  it("warns 'Proje Seçimi Gerekli' when the server says no project was given", () => {
    const warning = vi.spyOn(notify, 'warning');
    live.start(1);
    fake.sockets[0]!.fire('connect_error', refusal('Project not specified', 'PROJECT_NOT_SPECIFIED'));
    expect(warning).toHaveBeenCalledWith('Proje Seçimi Gerekli', 'Socket bağlantısı için lütfen bir proje seçin.', expect.anything());
    expect(live.getStatus()).toBe('disconnected');
  });

  it('a connect error coded SESSION_UNKNOWN ends the session', () => {
    live.start(1);
    fake.sockets[0]!.fire('connect_error', refusal('Session ID unknown', 'SESSION_UNKNOWN'));
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('a refused handshake refreshes the token once and connects again', async () => {
    mockFetch(() => json(200, { success: true, data: { tokens: { accessToken: 'fresh' } } }));
    live.start(1);
    const socket = fake.sockets[0]!;
    socket.active = false;
    socket.fire('connect_error', new Error('Oturum süresi doldu veya geçersiz'));
    await vi.waitFor(() => expect(socket.connectCalls).toBe(1));
    expect(useSessionStore.getState().token).toBe('fresh');
    socket.fire('connect_error', new Error('Oturum süresi doldu veya geçersiz'));
    await flush();
    expect(socket.connectCalls).toBe(1);
  });

  it("connect_error during an outage turns the badge and says so once, however many retries fail; a good connect ends it", () => {
    const warning = vi.spyOn(notify, 'warning');
    const dismiss = vi.spyOn(notify, 'dismiss');
    live.start(1);
    const socket = fake.sockets[0]!;
    socket.fire('connect');
    expect(live.getStatus()).toBe('connected');
    socket.fire('disconnect', 'transport close');
    // socket.io retries by itself (socket.active): every failed retry is another connect_error.
    for (let i = 0; i < 5; i++) socket.fire('connect_error', new Error('xhr poll error'));
    expect(live.getStatus()).toBe('disconnected');
    const outage = warning.mock.calls.filter(([title]) => title === SOCKET_OUTAGE_TOAST.title);
    expect(outage).toEqual([[SOCKET_OUTAGE_TOAST.title, SOCKET_OUTAGE_TOAST.description, { id: SOCKET_OUTAGE_TOAST.id, duration: 0 }]]);
    socket.fire('connect');
    expect(live.getStatus()).toBe('connected');
    expect(dismiss).toHaveBeenCalledWith(SOCKET_OUTAGE_TOAST.id);
    // The next outage is a new one: said again.
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(warning.mock.calls.filter(([title]) => title === SOCKET_OUTAGE_TOAST.title)).toHaveLength(2);
  });

  it("the socket's and its connection's 'error' events turn the badge to disconnected with one notice", () => {
    const warning = vi.spyOn(notify, 'warning');
    live.start(1);
    const socket = fake.sockets[0]!;
    socket.fire('connect');
    socket.fire('error', new Error('boom'));
    expect(live.getStatus()).toBe('disconnected');
    socket.managerHandlers.get('error')!.forEach((h) => h(new Error('transport error')));
    expect(warning.mock.calls.filter(([title]) => title === SOCKET_OUTAGE_TOAST.title)).toHaveLength(1);
    live.stop();
    // The connection manager may be reused by the next socket: our handler leaves with us.
    expect(socket.managerHandlers.get('error')).toEqual([]);
  });

  it('stop closes the connection', () => {
    live.start(1);
    live.stop();
    expect(fake.sockets[0]!.disconnected).toBe(true);
    expect(live.getStatus()).toBe('idle');
  });
});

describe('useLiveInvalidation', () => {
  afterEach(() => signOutStore());

  /** The app's socket started on project 1, and a screen invalidating its requests on `events`, its client's invalidations watched. */
  async function liveInvalidation(events: ServerEvent[]) {
    const { projectSocket } = await import('./socket');
    signInAs('admin');
    projectSocket.start(1);
    const socket = fake.sockets.at(-1)!;
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useLiveInvalidation(events, [['project', 1, 'requests']]), { wrapper });
    return { projectSocket, socket, invalidate, unmount };
  }

  it('invalidates the given query keys when one of the events arrives', async () => {
    const { projectSocket, socket, invalidate, unmount } = await liveInvalidation(['bonus-request-created', 'bonus-request-completed']);
    act(() => socket.receive('bonus-request-completed', { id: 1 }));
    act(() => socket.receive('sync-finished', {}));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['project', 1, 'requests'] }]]);
    unmount();
    act(() => socket.receive('bonus-request-created', { id: 2 }));
    expect(invalidate).toHaveBeenCalledTimes(1);
    projectSocket.stop();
  });

  it("refetches once the room's join is answered, the first one too: what the screen read before it may have missed an event", async () => {
    const { projectSocket, socket, invalidate, unmount } = await liveInvalidation(['bonus-request-created']);
    const answerJoin = (answer: { ok: boolean; message?: string }) => {
      const join = socket.emitted.filter((args) => args[0] === 'join-project').at(-1)!;
      act(() => (join.at(-1) as (a: typeof answer) => void)(answer));
    };

    act(() => socket.fire('connect'));
    // Not before the server has put the socket in the room: an event could still fall in between.
    expect(invalidate).not.toHaveBeenCalled();
    answerJoin({ ok: true });
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['project', 1, 'requests'] }]]);

    // A reconnect joins again and refetches again.
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    answerJoin({ ok: true });
    expect(invalidate).toHaveBeenCalledTimes(2);

    // A refused join says so and refetches nothing.
    const error = vi.spyOn(notify, 'error').mockImplementation(() => '');
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    answerJoin({ ok: false, message: 'Bu projeye erişim yetkiniz yok' });
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith('Canlı bağlantı kurulamadı', 'Bu projeye erişim yetkiniz yok');
    error.mockRestore();
    unmount();
    projectSocket.stop();
  });
});
