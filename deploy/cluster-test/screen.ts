import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import { request } from './http';

interface Row {
  id: number;
  status: string;
  version: number;
  /** Who holds it (the screen shows it). */
  agentId: number | null;
}

/**
 * A connected screen, as the web app keeps one (web/lib/socket.ts): it follows the project's
 * request events, and after a reconnect (or a gap in an instance's event numbers) it catches up
 * by reading the list again. What it shows must end equal to the database.
 */
export class Screen {
  readonly rows = new Map<number, Row>();
  private socket: Socket | null = null;
  private readonly lastSeq = new Map<string, number>();
  private catchUps = 0;
  reconnects = 0;
  private wasConnected = false;
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly projectId: number,
  ) {}

  async open(): Promise<void> {
    const socket = io(this.base, {
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      auth: { token: this.token },
      query: { projectId: String(this.projectId) },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    this.socket = socket;
    const apply = (payload: unknown, meta?: { seq: number; origin: string }) => {
      const row = payload as Partial<Row> & { bulk?: boolean };
      if (meta) {
        const last = this.lastSeq.get(meta.origin);
        this.lastSeq.set(meta.origin, meta.seq);
        if (last !== undefined && meta.seq !== last + 1) this.catchUp();
      }
      if (row.bulk) return this.catchUp();
      if (typeof row.id === 'number' && typeof row.status === 'string' && typeof row.version === 'number') this.keep({ id: row.id, status: row.status, version: row.version, agentId: row.agentId ?? null });
    };
    for (const event of [SOCKET_EVENTS.requestCreated, SOCKET_EVENTS.requestUpdated, SOCKET_EVENTS.requestAssigned, SOCKET_EVENTS.requestCompleted]) {
      socket.on(event, apply);
    }
    // The server says it restarts and closes the socket: reconnect (socket.io does not after a server disconnect).
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 200);
    });
    socket.on('connect', () => {
      const catchUp = this.wasConnected;
      this.wasConnected = true;
      if (catchUp) this.reconnects++;
      // Joined first, then the list is read: nothing falls between the two.
      socket.emit(SOCKET_EVENTS.joinProject, this.projectId, () => {
        if (catchUp) this.catchUp();
      });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
  }

  /** A newer version wins, whichever way it came (event or list). */
  private keep(row: Row): void {
    const known = this.rows.get(row.id);
    if (!known || known.version <= row.version) this.rows.set(row.id, row);
  }

  private catchUp(): void {
    this.catchUps++;
    this.catchingUp = this.catchingUp.then(() => this.readAll()).catch((err: Error) => console.warn(`screen catch-up failed, retried on the next event: ${err.message}`));
  }

  async readAll(): Promise<void> {
    for (let page = 1; ; page++) {
      const answer = await request(this.base, 'GET', `/api/bonus/projects/${this.projectId}/requests?limit=100&page=${page}&sortBy=createdAt&sortOrder=asc`, { token: this.token });
      if (answer.status !== 200) throw new Error(`list answered ${answer.status}`);
      const data = (answer.body as { data: { items: Row[]; totalPages: number } }).data;
      for (const item of data.items) this.keep({ id: item.id, status: item.status, version: item.version, agentId: item.agentId ?? null });
      if (page >= data.totalPages) return;
    }
  }

  get socketId(): string | undefined {
    return this.socket?.id;
  }

  get stats() {
    return { rows: this.rows.size, reconnects: this.reconnects, catchUps: this.catchUps };
  }

  close(): void {
    this.socket?.close();
  }
}
