import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { SESSION, SOCKET } from '@common/constants';
import type { SocketErrorCode } from '@common/error-codes';
import { projectRoom, SERVER_RESTARTING_MESSAGE, sessionRoom, SOCKET_EVENTS, userRoom } from '@common/socket-events';
import {
  clientEventSchemas,
  type JoinProjectAck,
  type ProjectEventMeta,
  type ServerEvent,
  type ServerEventPayload,
} from '@common/contract/socket-events';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { PASSWORD_MESSAGES } from '@common/schemas/auth';
import { assertEventPayload } from './check-payload';
import { RequestViewersHub } from './request-viewers';

/** How long a shutdown waits for clients to acknowledge the restart notice. */
const NOTICE_ACK_MS = 1_000;
const NO_PROJECT_ACCESS = 'Bu projeye erişim yetkiniz yok';
/**
 * The heartbeat: a connection that stops answering (a dropped network, a sleeping laptop) is
 * closed within interval + timeout, 4 s, so it leaves the viewers of a request (issue 31: within
 * 5 s) and presence sees it go. A ping every 2 s is a few bytes per socket.
 */
const PING_INTERVAL_MS = 2_000;
const PING_TIMEOUT_MS = 2_000;

export interface SocketData {
  userId: number;
  username: string;
  fullName: string;
  role: string;
  sessionId: string;
  projectId: number;
  /** The requests whose detail this socket has open (request-viewers.ts). */
  viewing: number[];
}

/**
 * What the socket server asks of the rest of the app: who a token is, and whether a user may
 * join a project's room. Given by the app's assembly (server/app.ts), so this file imports no
 * module and the context it is part of stays free of import loops.
 */
export interface RealtimeHost {
  log: Pick<FastifyBaseLogger, 'warn'>;
  authenticate(token: string | undefined, projectId: number): Promise<{
    user: { id: number; username: string; fullName: string; role: string; mustChangePassword: boolean };
    sessionId: string;
    projectAccess: boolean;
    totpSetupRequired?: boolean;
  }>;
  mayJoinProject(user: { id: number; role: string }, projectId: number): Promise<boolean>;
  /** A member of the project may look at one of its requests (announce its detail open). */
  mayViewRequest(user: { id: number; role: string }, projectId: number, requestId: number): Promise<boolean>;
}

export interface PresenceEvents {
  connected: [data: SocketData];
  disconnected: [data: SocketData];
  activity: [data: SocketData];
}

/**
 * Live events over socket.io. One room per project, per user and per session, so that
 * revoking a session closes exactly its sockets. With REDIS_URL the rooms span every
 * server instance (socket.io Redis adapter); without it one instance works alone.
 */
/** Redis CLIENT names of the adapter's connections start with this, then the instance's origin. */
export const REDIS_CLIENT_PREFIX = 'bonus-panel-live-';

/** How long /api/health and /api/ready wait for Redis to answer a PING. */
const REDIS_PING_TIMEOUT_MS = 2_000;

export class Realtime {
  private io: Server | null = null;
  private host: RealtimeHost | null = null;
  private redisClients: { isReady: boolean; ping(): Promise<unknown>; quit(): Promise<unknown> }[] = [];
  private closing = false;
  /** This instance's name in event metadata and in its Redis client names. */
  readonly origin = randomUUID().slice(0, 8);
  private readonly projectSeq = new Map<number, number>();
  readonly presence = new EventEmitter<PresenceEvents>();
  /** Who has which request's detail open ('request-viewing'), across instances. */
  readonly viewers = new RequestViewersHub({
    log: { warn: (details, message) => this.host?.log.warn(details, message) },
    io: () => (this.closing ? null : this.io),
    mayView: (user, projectId, requestId) => this.host!.mayViewRequest(user, projectId, requestId),
    toProject: (projectId, payload) => this.emitToProject(projectId, SOCKET_EVENTS.requestViewers, payload),
    toSocket: (socket, lists) => {
      const payload: ServerEventPayload<typeof SOCKET_EVENTS.requestViewersSnapshot> = { lists };
      this.check(SOCKET_EVENTS.requestViewersSnapshot, payload);
      socket.emit(SOCKET_EVENTS.requestViewersSnapshot, payload);
    },
  });

  constructor(
    private readonly options: {
      redisUrl?: string;
      redisKey?: string;
      allowedOrigins: string[];
      /** Check every outgoing payload against its schema, throwing on a mismatch (tests). */
      checkPayloads?: boolean;
    },
  ) {}

  async attach(httpServer: HttpServer, host: RealtimeHost): Promise<void> {
    this.host = host;
    const ctx = host;
    const io = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      pingInterval: PING_INTERVAL_MS,
      pingTimeout: PING_TIMEOUT_MS,
      connectTimeout: SOCKET.timeoutMs,
      allowRequest: (req, callback) => callback(null, this.originAllowed(req)),
    });
    if (this.options.redisUrl) {
      const { createClient } = await import('redis');
      const { createAdapter } = await import('@socket.io/redis-adapter');
      // Named per instance, so an operator (or a test) can tell this instance's connections apart.
      const pub = createClient({ url: this.options.redisUrl, name: `${REDIS_CLIENT_PREFIX}${this.origin}` });
      const sub = pub.duplicate();
      pub.on('error', (err) => ctx.log.warn({ err: err.message }, 'redis pub error'));
      // The adapter publishes without awaiting. A publish failing while Redis is away would be an
      // unhandled rejection, which ends a Node process: it is logged instead (screens catch up on
      // reconnect and on a gap in the event numbers).
      const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
      (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) =>
        publish(...args).catch((err: Error) => {
          ctx.log.warn({ err: err.message }, 'redis publish failed');
          return 0;
        });
      sub.on('error', (err) => ctx.log.warn({ err: err.message }, 'redis sub error'));
      await Promise.all([pub.connect(), sub.connect()]);
      this.redisClients = [pub, sub];
      io.adapter(createAdapter(pub, sub, this.options.redisKey ? { key: this.options.redisKey } : {}));
    }
    io.use((socket, next) => {
      this.handshake(socket).then(
        () => next(),
        (err: Error) => {
          // The client decides by code (common/error-codes.ts), the message is for people.
          const refused = new Error(err.message) as Error & { data?: { code: SocketErrorCode } };
          refused.data = { code: socketCodeOf(err) };
          next(refused);
        },
      );
    });
    io.on('connection', (socket) => this.onConnection(socket));
    this.io = io;
  }

  /** Browsers send Origin: only our own host (or an allowed dev origin) may open a socket. */
  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true;
    try {
      const url = new URL(origin);
      return url.host === req.headers.host || this.options.allowedOrigins.includes(url.origin);
    } catch {
      return false;
    }
  }

  private async handshake(socket: Socket): Promise<void> {
    const host = this.host!;
    const rawProject = socket.handshake.query.projectId;
    const projectId = Number(Array.isArray(rawProject) ? rawProject[0] : rawProject);
    if (!rawProject || !Number.isInteger(projectId) || projectId <= 0) throw Object.assign(new Error(SESSION.projectNotSpecifiedMessage), { socketCode: 'PROJECT_NOT_SPECIFIED' });
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const auth = await host.authenticate(token, projectId);
    if (!auth.projectAccess) throw Object.assign(new Error(NO_PROJECT_ACCESS), { socketCode: 'NOT_FOUND' });
    // Live project data waits, like every API call, until a one-time password is changed and a required 2FA is set up.
    if (auth.user.mustChangePassword) throw Object.assign(new Error(PASSWORD_MESSAGES.changeRequired), { socketCode: 'PASSWORD_CHANGE_REQUIRED' });
    if (auth.totpSetupRequired) throw Object.assign(new Error(TOTP_MESSAGES.setupRequired), { socketCode: 'TOTP_SETUP_REQUIRED' });
    const data: SocketData = {
      userId: auth.user.id,
      username: auth.user.username,
      fullName: auth.user.fullName,
      role: auth.user.role,
      sessionId: auth.sessionId,
      projectId,
      viewing: [],
    };
    socket.data = data;
  }

  private onConnection(socket: Socket): void {
    const data = socket.data as SocketData;
    void socket.join([projectRoom(data.projectId), userRoom(data.userId), sessionRoom(data.sessionId)]);
    this.presence.emit('connected', data);
    this.viewers.attach(socket);
    this.viewers.sendSnapshot(socket);

    // What clients send is checked against the contract (common/contract/socket-events.ts).
    socket.on(SOCKET_EVENTS.joinProject, async (raw: unknown, callback?: unknown) => {
      const ack = typeof callback === 'function' ? (answer: JoinProjectAck) => void callback(answer) : undefined;
      const parsed = clientEventSchemas[SOCKET_EVENTS.joinProject].payload.safeParse(raw);
      const allowed = parsed.success && (await this.host!.mayJoinProject({ id: data.userId, role: data.role }, parsed.data));
      if (!allowed) return ack?.({ ok: false, code: 'NOT_FOUND', message: NO_PROJECT_ACCESS });
      const projectId = parsed.data;
      const rejoined = socket.rooms.has(projectRoom(projectId));
      if (projectId !== data.projectId) {
        this.viewers.leaveAll(socket);
        void socket.leave(projectRoom(data.projectId));
        this.presence.emit('disconnected', { ...data });
        data.projectId = projectId;
        this.presence.emit('connected', { ...data });
      }
      void socket.join(projectRoom(projectId));
      // A screen that has just come into the room learns who is looking at what so far.
      if (!rejoined) this.viewers.sendSnapshot(socket);
      ack?.({ ok: true });
    });
    socket.on(SOCKET_EVENTS.leaveProject, (raw: unknown) => {
      const parsed = clientEventSchemas[SOCKET_EVENTS.leaveProject].payload.safeParse(raw);
      if (!parsed.success) return;
      if (parsed.data === data.projectId) this.viewers.leaveAll(socket);
      void socket.leave(projectRoom(parsed.data));
    });
    socket.on(SOCKET_EVENTS.activity, () => this.presence.emit('activity', data));
    socket.on('disconnect', () => this.presence.emit('disconnected', data));
  }

  /**
   * Every project event carries `{ seq, origin }`: a counter per project of this instance. A
   * client that sees a number skipped knows it missed events and refetches. Per instance, so
   * no shared counter is needed: events of one instance reach a client in order (also through
   * Redis), and the client follows each origin's numbers apart.
   */
  emitToProject<E extends ServerEvent>(projectId: number, event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    if (!this.io) return;
    const seq = (this.projectSeq.get(projectId) ?? 0) + 1;
    this.projectSeq.set(projectId, seq);
    const meta: ProjectEventMeta = { seq, origin: this.origin };
    this.io.to(projectRoom(projectId)).emit(event, payload, meta);
  }

  /** To every connected socket (system-wide changes such as the application's name). */
  emitToAll<E extends ServerEvent>(event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    this.io?.emit(event, payload);
  }

  emitToUser<E extends ServerEvent>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    this.io?.to(userRoom(userId)).emit(event, payload);
  }

  /**
   * Payloads are typed by event; in tests each is also parsed with its schema, so a payload
   * the types cannot vouch for (rows presented by PostgreSQL) fails the test that sends it.
   * Not in production: the payload is sent as it is, without a second pass over it.
   */
  private check<E extends ServerEvent>(event: E, payload: ServerEventPayload<E>): void {
    if (this.options.checkPayloads) assertEventPayload(event, payload);
  }

  /** Tells the sessions' sockets why, then closes them (on every instance). */
  disconnectSessions(sessionIds: string[], reason: string): void {
    if (!this.io || sessionIds.length === 0) return;
    const rooms = sessionIds.map(sessionRoom);
    const payload: ServerEventPayload<typeof SOCKET_EVENTS.sessionRevoked> = { reason };
    this.check(SOCKET_EVENTS.sessionRevoked, payload);
    this.io.to(rooms).emit(SOCKET_EVENTS.sessionRevoked, payload);
    this.io.in(rooms).disconnectSockets(true);
  }

  disconnectUser<E extends ServerEvent>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    this.check(event, payload);
    if (!this.io) return;
    this.io.to(userRoom(userId)).emit(event, payload);
    this.io.in(userRoom(userId)).disconnectSockets(true);
  }

  /**
   * A user who is no longer a member of a project: their sockets leave its room, and those
   * opened for that project close (presence then sees them go), on every instance.
   */
  async disconnectUserFromProject(userId: number, projectId: number): Promise<void> {
    if (!this.io) return;
    this.io.in(userRoom(userId)).socketsLeave(projectRoom(projectId));
    const sockets = await this.io.in(userRoom(userId)).fetchSockets();
    for (const s of sockets) if ((s.data as SocketData).projectId === projectId) s.disconnect(true);
  }

  /** How many sockets a user has open, across instances. */
  async countUserSockets(userId: number, projectId?: number): Promise<number> {
    // While closing, the adapter's Redis clients may already be gone: nobody is connected here any more.
    if (!this.io || this.closing) return 0;
    const sockets = await this.io.in(userRoom(userId)).fetchSockets();
    return projectId === undefined ? sockets.length : sockets.filter((s) => (s.data as SocketData).projectId === projectId).length;
  }

  /** Sockets open in a project's room per user, across instances (health card, active agents). */
  async projectSocketsByUser(projectId: number): Promise<Map<number, number>> {
    const byUser = new Map<number, number>();
    if (!this.io || this.closing) return byUser;
    for (const s of await this.io.in(projectRoom(projectId)).fetchSockets()) {
      const userId = (s.data as SocketData).userId;
      byUser.set(userId, (byUser.get(userId) ?? 0) + 1);
    }
    return byUser;
  }

  /** Sockets connected to this instance (the metrics read it). */
  connectedSockets(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }

  async redisStatus(): Promise<'up' | 'down' | 'unused'> {
    const [client] = this.redisClients;
    if (!client) return 'unused';
    // While the connection is lost a command waits in the client's offline queue until Redis is
    // back: a readiness check must answer now, so a lost connection is 'down' without asking.
    if (!client.isReady) return 'down';
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('redis ping timed out')), REDIS_PING_TIMEOUT_MS)));
      await Promise.race([client.ping(), late]);
      return 'up';
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }


  async close(): Promise<void> {
    this.closing = true;
    // Sockets closed below would otherwise start presence lookups against a Redis about to quit.
    this.presence.removeAllListeners();
    if (this.io) {
      // Every socket of this instance is told why before it closes (the client shows it and
      // reconnects); waiting for the acknowledgements, briefly, so the notice is not lost
      // behind the close on a polling transport.
      const io = this.io;
      const notice: ServerEventPayload<typeof SOCKET_EVENTS.serverRestarting> = { message: SERVER_RESTARTING_MESSAGE };
      await new Promise<void>((resolve) => {
        io.local.timeout(NOTICE_ACK_MS).emit(SOCKET_EVENTS.serverRestarting, notice, () => resolve());
      });
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself.
      this.io.disconnectSockets(true);
      this.io.engine.close();
      this.io = null;
    }
    await Promise.allSettled(this.redisClients.map((c) => c.quit()));
    this.redisClients = [];
  }
}

/** The machine code of a refused handshake: a session error keeps its API code. */
function socketCodeOf(err: Error): SocketErrorCode {
  const own = (err as { socketCode?: SocketErrorCode }).socketCode;
  if (own) return own;
  return err instanceof AppError && err.code === 'SESSION_UNKNOWN' ? 'SESSION_UNKNOWN' : 'UNAUTHORIZED';
}
