import { io, type Socket } from 'socket.io-client';
import type { ServerEvent, ServerEventPayload } from '@common/contract/socket-events';
import type { App } from '../types';

/** Starts the app on a free port (once) and returns its base URL. */
export async function listen(app: App): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a !== 'object') throw new Error('no address');
  return `http://127.0.0.1:${a.port}`;
}

export type ConnectResult = { socket: Socket; error?: undefined } | { socket: Socket; error: string };

/** Connects like the web client does; resolves on connect or with the connect error's message. */
export function connectSocket(
  base: string,
  opts: { token?: string; projectId?: number; origin?: string; /** Listeners to add before any event can arrive. */ before?: (socket: Socket) => void },
): Promise<ConnectResult> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: opts.token ? { token: opts.token } : {},
    query: opts.projectId === undefined ? {} : { projectId: String(opts.projectId) },
    extraHeaders: opts.origin ? { origin: opts.origin } : undefined,
    timeout: 5_000,
  });
  opts.before?.(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err) => {
      socket.close();
      resolve({ socket, error: err.message });
    });
  });
}

export function waitForDisconnect(socket: Socket, timeoutMs: number): Promise<boolean> {
  if (!socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A connected socket for a user and project; rejects with the server's refusal message. */
export async function connectAs(base: string, token: string, projectId: number): Promise<Socket> {
  const result = await connectSocket(base, { token, projectId });
  if (result.error !== undefined) throw new Error(result.error);
  return result.socket;
}

/** The next `event` whose payload `match`es; the payload's type follows the event (common/contract/socket-events.ts). */
export function nextEvent<E extends ServerEvent>(
  socket: Socket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
  timeoutMs = 8_000,
): Promise<ServerEventPayload<E>> {
  const name: string = event;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name, handler);
      reject(new Error(`no '${name}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: ServerEventPayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(name, handler);
      resolve(payload);
    };
    socket.on(name, handler);
  });
}

/** Resolves when the socket closes; rejects if it is still open after `timeoutMs`. */
export async function closedWithin(socket: Socket, timeoutMs: number): Promise<void> {
  if (!(await waitForDisconnect(socket, timeoutMs))) throw new Error(`still connected after ${timeoutMs} ms`);
}
