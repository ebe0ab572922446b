import type { Server, Socket } from 'socket.io';
import { projectRoom, requestViewRoom, SOCKET_EVENTS } from '@common/socket-events';
import {
  REQUEST_VIEWERS_MESSAGES,
  viewedRequestSchema,
  type RequestViewers,
  type RequestViewingAck,
} from '@common/schemas/request-viewers';

/** What the hub reads of a socket's data (realtime.ts's SocketData). */
export interface ViewerSocketData {
  userId: number;
  fullName: string;
  role: string;
  projectId: number;
  /** The requests whose detail this socket has open, oldest first; read across instances by `fetchSockets()`. */
  viewing: number[];
}

export interface RequestViewersDeps {
  log: { warn(details: object, message: string): void };
  /** The socket server, or null once it is closing (nothing is computed then). */
  io(): Server | null;
  /** Whether the user may look at the request: a member of the project, which owns the request. */
  mayView(user: { id: number; role: string }, projectId: number, requestId: number): Promise<boolean>;
  toProject(projectId: number, payload: RequestViewers): void;
  toSocket(socket: Socket, lists: RequestViewers[]): void;
}

/** A detail dialog shows one request; a few leave room for tabs racing, not for a crawler. */
const MAX_VIEWED_PER_SOCKET = 5;
/** Announcements a socket may make at once, and how fast that allowance comes back (one per 500 ms). */
const VIEWING_BURST = 20;
const VIEWING_REFILL_MS = 500;
/** Changes of one request's list within this window go out as one event. */
const COALESCE_MS = 50;

const OK: RequestViewingAck = { ok: true };
const refused = (code: 'VALIDATION_FAILED' | 'NOT_FOUND' | 'RATE_LIMITED', message: string): RequestViewingAck => ({ ok: false, code, message });
const NOT_FOUND = refused('NOT_FOUND', REQUEST_VIEWERS_MESSAGES.requestNotFound);

/**
 * Who has which request's detail open (issue 31). Each instance keeps only its own sockets: a
 * viewing socket is in the room `request-view:<project>:<request>` and lists the request in its
 * `data.viewing`. A list is computed with `fetchSockets()`, which asks every instance through the
 * Redis adapter, so all instances agree without a store of their own; nothing is left behind by
 * an instance that dies (its sockets vanish from the answers). A dropped connection leaves with
 * its socket, within the heartbeat (realtime.ts).
 */
export class RequestViewersHub {
  /** Per list: a computation is waiting, running, or running and due again after it. */
  private readonly due = new Map<string, 'waiting' | 'running' | 'again'>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: RequestViewersDeps) {}

  attach(socket: Socket): void {
    const data = socket.data as ViewerSocketData;
    data.viewing = [];
    const allowance = tokenBucket(VIEWING_BURST, VIEWING_REFILL_MS);
    socket.on(SOCKET_EVENTS.requestViewing, (raw: unknown, callback?: unknown) => {
      const ack = typeof callback === 'function' ? (answer: RequestViewingAck) => void callback(answer) : undefined;
      void this.view(socket, raw, allowance).then((answer) => ack?.(answer));
    });
    // Never limited: a leave only shrinks what the socket holds (at most MAX_VIEWED_PER_SOCKET).
    socket.on(SOCKET_EVENTS.requestLeft, (raw: unknown) => {
      const parsed = viewedRequestSchema.safeParse(raw);
      if (parsed.success) this.leave(socket, parsed.data.requestId);
    });
    // By now socket.io has taken the socket out of every room: the lists are computed without it.
    socket.on('disconnect', () => {
      for (const requestId of data.viewing) this.schedule(data.projectId, requestId);
      data.viewing = [];
    });
  }

  /** The socket stops looking at everything (it leaves its project's room or moves to another). */
  leaveAll(socket: Socket): void {
    for (const requestId of [...(socket.data as ViewerSocketData).viewing]) this.leave(socket, requestId);
  }

  /** Every non-empty list of the socket's project, to that socket alone (it has just joined the room). */
  sendSnapshot(socket: Socket): void {
    this.track(
      (async () => {
        const io = this.deps.io();
        const projectId = (socket.data as ViewerSocketData).projectId;
        if (!io) return;
        const byRequest = new Map<number, Map<number, string>>();
        for (const s of await io.in(projectRoom(projectId)).fetchSockets()) {
          const d = s.data as ViewerSocketData;
          if (d.projectId !== projectId) continue;
          for (const requestId of d.viewing ?? []) {
            let users = byRequest.get(requestId);
            if (!users) byRequest.set(requestId, (users = new Map()));
            users.set(d.userId, d.fullName);
          }
        }
        if (!socket.connected || (socket.data as ViewerSocketData).projectId !== projectId) return;
        this.deps.toSocket(
          socket,
          [...byRequest].map(([requestId, users]) => ({ requestId, viewers: viewerList(users) })),
        );
      })(),
    );
  }

  /** Resolves once every list computation started so far has gone out (tests wait on it). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async view(socket: Socket, raw: unknown, allowance: () => boolean): Promise<RequestViewingAck> {
    if (!allowance()) return refused('RATE_LIMITED', REQUEST_VIEWERS_MESSAGES.tooMany);
    const parsed = viewedRequestSchema.safeParse(raw);
    if (!parsed.success) return refused('VALIDATION_FAILED', REQUEST_VIEWERS_MESSAGES.invalidRequest);
    const { requestId } = parsed.data;
    const data = socket.data as ViewerSocketData;
    const projectId = data.projectId;
    // The socket must still be in its project's room (a member removed from the project is taken out of it).
    const inRoom = () => socket.connected && data.projectId === projectId && socket.rooms.has(projectRoom(projectId));
    if (!inRoom()) return NOT_FOUND;
    if (data.viewing.includes(requestId)) return OK;
    let allowed: boolean;
    try {
      allowed = await this.deps.mayView({ id: data.userId, role: data.role }, projectId, requestId);
    } catch (err) {
      this.deps.log.warn({ err: (err as Error).message }, 'request viewing check failed');
      return NOT_FOUND;
    }
    // Asked again after the wait: the socket may have closed, moved, or announced the same request meanwhile.
    if (!allowed || !inRoom()) return NOT_FOUND;
    if (data.viewing.includes(requestId)) return OK;
    if (data.viewing.length >= MAX_VIEWED_PER_SOCKET) this.leave(socket, data.viewing[0]!);
    void socket.join(requestViewRoom(projectId, requestId));
    data.viewing.push(requestId);
    this.schedule(projectId, requestId);
    return OK;
  }

  private leave(socket: Socket, requestId: number): void {
    const data = socket.data as ViewerSocketData;
    const at = data.viewing.indexOf(requestId);
    if (at < 0) return;
    data.viewing.splice(at, 1);
    void socket.leave(requestViewRoom(data.projectId, requestId));
    this.schedule(data.projectId, requestId);
  }

  /**
   * Computes the list after a short window and sends it to the project's room. One computation per
   * list at a time, so an older answer never goes out after a newer one; a change during it runs it again.
   */
  private schedule(projectId: number, requestId: number): void {
    const key = requestViewRoom(projectId, requestId);
    const state = this.due.get(key);
    if (state === 'waiting' || state === 'again') return;
    if (state === 'running') {
      this.due.set(key, 'again');
      return;
    }
    this.due.set(key, 'waiting');
    this.track(
      new Promise<void>((resolve) => setTimeout(resolve, COALESCE_MS)).then(async () => {
        this.due.set(key, 'running');
        try {
          await this.broadcast(projectId, requestId);
        } finally {
          const again = this.due.get(key) === 'again';
          this.due.delete(key);
          if (again) this.schedule(projectId, requestId);
        }
      }),
    );
  }

  private async broadcast(projectId: number, requestId: number): Promise<void> {
    const io = this.deps.io();
    if (!io) return;
    const users = new Map<number, string>();
    for (const s of await io.in(requestViewRoom(projectId, requestId)).fetchSockets()) {
      const d = s.data as ViewerSocketData;
      if (d.projectId === projectId) users.set(d.userId, d.fullName);
    }
    this.deps.toProject(projectId, { requestId, viewers: viewerList(users) });
  }

  /** Failures (Redis away, another instance not answering) are logged; the next change sends the list again. */
  private track(work: Promise<void>): void {
    const tracked = work.catch((err: Error) => this.deps.log.warn({ err: err.message }, 'request viewers not sent'));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }
}

/** Each person once, in alphabetical order (Turkish), so every screen names them alike. */
function viewerList(users: Map<number, string>): RequestViewers['viewers'] {
  return [...users]
    .map(([userId, fullName]) => ({ userId, fullName }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'tr') || a.userId - b.userId);
}

/** `capacity` uses at once, one more every `refillMs`; false when none is left. */
function tokenBucket(capacity: number, refillMs: number): () => boolean {
  let tokens = capacity;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(capacity, tokens + (now - last) / refillMs);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
