import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { App } from '../types';

/** Listens on a free port and returns its base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A connected socket.io client for a token and project, as the web app opens one. */
export function connectSocket(baseUrl: string, token: string, projectId: number): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: { token },
    query: { projectId: String(projectId) },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The next `event` whose payload passes `match`, or a rejection after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, match: (payload: T) => boolean = () => true, timeoutMs = 3_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/** Resolves when the socket is disconnected, or rejects after `timeoutMs`. */
export function disconnected(socket: Socket, timeoutMs: number): Promise<string> {
  if (!socket.connected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
