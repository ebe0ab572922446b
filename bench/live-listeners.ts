import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';

import { monotonicMs, type FromListener, type ListenerTarget, type ToListener } from './live-protocol';

/**
 * One of bench:live's listening processes (started by live.bench.ts with child_process.fork):
 * it opens its share of the sockets, each its own websocket connection, and for every created
 * request reports, per project, when the last of its sockets in that project's room got it, on
 * the machine's monotonic clock (live-protocol.ts), so the parent compares it with its own times.
 */
const send = (message: FromListener) => process.send!(message);

function connect({ port, token, projectId }: ListenerTarget): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token }, query: { projectId: String(projectId) }, timeout: 30_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

const sockets: Socket[] = [];
/** How many of this process's sockets are in each project's room. */
const expected = new Map<number, number>();
/** Per request id: how many sockets got it so far and when the latest did. */
const pending = new Map<number, { count: number; last: number; bytes: number }>();

function listen(socket: Socket, projectId: number) {
  socket.on(SOCKET_EVENTS.requestCreated, (payload: { id?: number }) => {
    const at = monotonicMs();
    const id = payload.id ?? -1;
    let entry = pending.get(id);
    // The size once per request: the bench's own work per socket stays a counter and a comparison.
    if (!entry) pending.set(id, (entry = { count: 0, last: 0, bytes: Buffer.byteLength(JSON.stringify(payload)) }));
    entry.count++;
    if (at > entry.last) entry.last = at;
    if (entry.count === expected.get(projectId)) {
      pending.delete(id);
      send({ type: 'arrived', id, projectId, last: entry.last, count: entry.count, bytes: entry.bytes });
    }
  });
}

process.on('message', (message: ToListener) => {
  void (async () => {
    if (message.type === 'connect') {
      const { targets, batch } = message;
      // A few handshakes at a time: all at once would measure the connect storm, not the fan-out.
      for (let i = 0; i < targets.length; i += batch) {
        const slice = targets.slice(i, i + batch);
        const opened = await Promise.all(slice.map(connect));
        opened.forEach((socket, j) => {
          const { projectId } = slice[j]!;
          expected.set(projectId, (expected.get(projectId) ?? 0) + 1);
          listen(socket, projectId);
          sockets.push(socket);
        });
      }
      send({ type: 'connected', sockets: sockets.length });
    } else {
      for (const socket of sockets) socket.close();
      send({ type: 'closed' });
      process.disconnect();
    }
  })().catch((err: Error) => send({ type: 'error', message: err.message }));
});
// The bench is gone (it failed or was stopped): nothing to report to.
process.on('disconnect', () => process.exit(0));
