import { io, type Socket } from 'socket.io-client';
import { SOCKET } from '@common/constants';
import type { SocketErrorCode } from '@common/error-codes';
import type {
  ClientEvent,
  ClientEventArgs,
  JoinProjectAck,
  ProjectEventMeta,
  ServerEvent,
  ServerEventPayload,
} from '@common/contract/socket-events';
import { SERVER_RESTARTING_MESSAGE, SOCKET_EVENTS } from '@common/socket-events';
import { useSessionStore } from '@web/stores/session-store';
import { tokenExpiresSoon } from './access-token';
import { markPasswordChangeRequired, refreshAccessToken } from './api-client';
import { notify } from './notify';
import { endSession } from './session-end';

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';
type SocketHandler = (payload: unknown) => void;

/**
 * Dispatched to handlers (never sent by the server) when live events may have been missed:
 * once a join of the project's room is answered (the first one included: a screen's data read
 * before its socket was in the room misses what happened in between, such as a request created
 * in the page's first second), after a reconnect has re-joined, or when an event's sequence
 * number skips one. Screens refetch their live data on it (useLiveInvalidation listens).
 */
export const RESYNC_EVENT = 'live:resync';

/** What handlers can listen to: the server's events (common/contract/socket-events.ts) and the resync. */
type LiveEvents = { [E in ServerEvent]: ServerEventPayload<E> } & { [RESYNC_EVENT]: { reason: 'joined' | 'gap' | 'reconnect' } };
export type LiveEvent = keyof LiveEvents;
export type LivePayload<E extends LiveEvent> = LiveEvents[E];

/** The server's per-project event counter, per server instance (`origin`). */
const isEventMeta = (value: unknown): value is ProjectEventMeta =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ProjectEventMeta).seq === 'number' &&
  typeof (value as ProjectEventMeta).origin === 'string';

export const PROJECT_REQUIRED_TOAST = {
  title: 'Proje Seçimi Gerekli',
  description: 'Socket bağlantısı için lütfen bir proje seçin.',
} as const;

/** Said once per outage (connect_error / error while socket.io keeps retrying), not once per retry. */
export const SOCKET_OUTAGE_TOAST = {
  id: 'socket-outage',
  title: 'Canlı bağlantı kesildi',
  description: 'Sunucuya ulaşılamıyor; bağlantı gelince veriler kendiliğinden yenilenir.',
} as const;

export function warnProjectRequired(): void {
  notify.warning(PROJECT_REQUIRED_TOAST.title, PROJECT_REQUIRED_TOAST.description, { id: 'socket-project-required' });
}

/** The access token for a (re)connect, refreshed first when it has expired (the handshake would refuse it). */
async function handshakeToken(): Promise<string | null> {
  const token = useSessionStore.getState().token;
  if (!token || !tokenExpiresSoon(token)) return token;
  try {
    return await refreshAccessToken();
  } catch {
    return useSessionStore.getState().token;
  }
}

/**
 * The one live connection of a signed-in user, joined to the active project's room.
 * Features never touch socket.io directly: they subscribe to events with `on()` (or the
 * hooks in use-project-socket.ts), which survive reconnects and project switches.
 */
export class ProjectSocket {
  private socket: Socket | null = null;
  private projectId: number | null = null;
  private status: SocketStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private readonly handlers = new Map<string, Set<SocketHandler>>();
  /** One refresh-and-retry after the server refuses the handshake; reset by a good connect. */
  private retriedAfterRefusal = false;
  /** A connection was up before: the next join is a reconnect (the viewers' announcements are said again). */
  private wasConnected = false;
  /** The server said it is restarting: its disconnect is followed by our reconnect. */
  private serverRestarting = false;
  /** The outage notice was shown: the next ones wait for a good connect. */
  private outageNoticed = false;
  private readonly lastSeq = new Map<string, number>();

  getStatus(): SocketStatus {
    return this.status;
  }

  getProjectId(): number | null {
    return this.projectId;
  }

  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** The handler's payload type comes from the event's schema; the server checks its payloads against it in tests. */
  on<E extends LiveEvent>(event: E, handler: (payload: LivePayload<E>) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    // The one place a payload off the wire takes its contract type.
    const untyped = handler as SocketHandler;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  emit<E extends ClientEvent>(event: E, ...args: ClientEventArgs<E>): void {
    this.socket?.emit(event, ...args);
  }

  /** Connects to `projectId`, or moves the live connection there. */
  start(projectId: number): void {
    if (this.socket) {
      if (this.projectId !== projectId) this.switchProject(projectId);
      return;
    }
    this.projectId = projectId;
    this.retriedAfterRefusal = false;
    const socket = io({
      path: '/socket.io',
      auth: (cb) => {
        void handshakeToken().then((token) => cb({ token }));
      },
      query: { projectId: String(projectId) },
      transports: ['polling', 'websocket'],
      timeout: SOCKET.timeoutMs,
      reconnectionDelay: SOCKET.reconnectionDelayMs,
      reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
    });
    this.socket = socket;
    this.setStatus('connecting');

    socket.on('connect', () => {
      this.retriedAfterRefusal = false;
      this.serverRestarting = false;
      if (this.outageNoticed) notify.dismiss(SOCKET_OUTAGE_TOAST.id);
      this.outageNoticed = false;
      this.setStatus('connected');
      const catchUp = this.wasConnected;
      this.wasConnected = true;
      this.join(socket, this.projectId, catchUp);
    });
    socket.on('disconnect', (reason) => {
      this.setStatus('disconnected');
      // socket.io does not retry a disconnect the server made; after a restart notice we do.
      if (reason === 'io server disconnect' && this.serverRestarting) {
        setTimeout(() => {
          if (this.socket === socket && !socket.connected) socket.connect();
        }, SOCKET.reconnectionDelayMs);
      }
    });
    socket.on('connect_error', (error) => this.onConnectError(socket, error));
    // Spec §7.14: the socket's and the connection's own errors say the live connection is down.
    socket.on('error', this.onOutage);
    socket.io.on('error', this.onOutage);
    socket.on(SOCKET_EVENTS.sessionRevoked, () => endSession('forced'));
    socket.on(SOCKET_EVENTS.serverRestarting, (_payload: unknown, ack?: () => void) => {
      this.serverRestarting = true;
      notify.warning(SERVER_RESTARTING_MESSAGE, undefined, { id: 'server-restarting' });
      ack?.();
    });
    socket.onAny((event: string, payload: unknown, meta?: unknown) => {
      this.dispatch(event, payload);
      if (isEventMeta(meta) && this.isGap(meta)) this.dispatch(RESYNC_EVENT, { reason: 'gap' });
    });
  }

  private dispatch(event: string, payload: unknown): void {
    this.handlers.get(event)?.forEach((handler) => handler(payload));
  }

  /** Whether events were skipped since the last one of the same server instance. */
  private isGap({ seq, origin }: ProjectEventMeta): boolean {
    const last = this.lastSeq.get(origin);
    if (last === undefined || seq > last) this.lastSeq.set(origin, seq);
    return last !== undefined && seq > last + 1;
  }

  /** Leaves the old project's room and joins the new one; later reconnects use the new id. */
  switchProject(projectId: number): void {
    const previous = this.projectId;
    this.projectId = projectId;
    const socket = this.socket;
    if (!socket) return;
    socket.io.opts.query = { projectId: String(projectId) };
    this.lastSeq.clear();
    if (socket.connected) {
      if (previous !== null) socket.emit(SOCKET_EVENTS.leaveProject, previous);
      this.join(socket, projectId);
    }
  }

  /** After a server-side disconnect (which socket.io does not retry on its own). */
  reconnect(): void {
    if (this.socket && !this.socket.connected) {
      this.setStatus('connecting');
      this.socket.connect();
    }
  }

  stop(): void {
    const socket = this.socket;
    this.socket = null;
    this.projectId = null;
    this.wasConnected = false;
    this.lastSeq.clear();
    this.outageNoticed = false;
    if (socket) {
      // socket.io may hand the same connection manager to the next socket: leave it as we found it.
      socket.io.off('error', this.onOutage);
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
    }
    this.setStatus('idle');
  }

  /** Joins the project's room; after a reconnect, refetches once the room is joined (nothing falls between). */
  private join(socket: Socket, projectId: number | null, catchUp = false): void {
    if (projectId === null) return;
    this.lastSeq.clear();
    socket.emit(SOCKET_EVENTS.joinProject, projectId, (answer?: JoinProjectAck) => {
      if (answer && !answer.ok) notify.error('Canlı bağlantı kurulamadı', answer.message);
      else this.dispatch(RESYNC_EVENT, { reason: catchUp ? 'reconnect' : 'joined' });
    });
  }

  /** The connection failed and socket.io keeps trying: the badge turns, and the user is told once. */
  private readonly onOutage = (): void => {
    this.setStatus('disconnected');
    if (this.outageNoticed) return;
    this.outageNoticed = true;
    // It stays for the outage and goes when the connection is back (dismissed on connect).
    notify.warning(SOCKET_OUTAGE_TOAST.title, SOCKET_OUTAGE_TOAST.description, { id: SOCKET_OUTAGE_TOAST.id, duration: 0 });
  };

  private onConnectError(socket: Socket, error: Error): void {
    this.setStatus('disconnected');
    // The server names why it refused the handshake with a machine code (common/error-codes.ts).
    const code = (error as Error & { data?: { code?: SocketErrorCode } }).data?.code;
    if (code === 'PROJECT_NOT_SPECIFIED') {
      warnProjectRequired();
      return;
    }
    if (code === 'SESSION_UNKNOWN') {
      endSession('forced');
      return;
    }
    if (code === 'PASSWORD_CHANGE_REQUIRED') {
      markPasswordChangeRequired();
      return;
    }
    if (code === 'TOTP_SETUP_REQUIRED') {
      // No live data until 2FA is set up; the route guard takes the user to /totp.
      useSessionStore.getState().setTotpSetupRequired(true);
      return;
    }
    // A network failure, which socket.io retries by itself: an outage.
    if (socket.active) {
      this.onOutage();
      return;
    }
    // socket.active is false when the server's handshake refused us. The usual cause is an
    // access token that expired in the meantime: refresh once and try again.
    if (!this.retriedAfterRefusal) {
      this.retriedAfterRefusal = true;
      refreshAccessToken().then(
        () => {
          if (this.socket === socket) socket.connect();
        },
        () => undefined,
      );
    }
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.statusListeners.forEach((listener) => listener());
  }
}

export const projectSocket = new ProjectSocket();
