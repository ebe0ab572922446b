import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/**
 * The front door of the embedded external system: a TCP server speaking just the start of the
 * PostgreSQL wire protocol (SSL refusal, startup, cleartext password), so that a normal driver
 * (`pg`) connects to it like to any PostgreSQL. After a good password it hands the connection,
 * startup message included, to the PGlite socket server behind it and only relays bytes.
 *
 * PGlite is one backend with one session, so each database here is a schema, and connections are
 * taken one at a time: a connection holds the backend while it is open, with the search_path of
 * its database (see EmbeddedSourceServer.session).
 */

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const MAX_STARTUP_BYTES = 10_000;

export interface GatewayDatabase {
  user: string;
  password: string;
}

export interface GatewayOptions {
  host: string;
  port: number;
  /** Looked up at each connection, so databases may be added while it runs. */
  findDatabase(name: string): GatewayDatabase | undefined;
  /** Waits for the backend, prepares it for the database, and returns how to give it back. */
  acquire(database: string): Promise<() => Promise<void>>;
  /** Connects to the PGlite socket server behind the gateway. */
  connectBackend(): net.Socket;
  /** A connection idle this long is closed, so a forgotten client cannot hold the backend. */
  idleTimeoutMs?: number;
}

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', message],
    ].map(([k, v]) => Buffer.concat([Buffer.from(k!, 'ascii'), Buffer.from(v!, 'utf8'), Buffer.from([0])])),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'ascii');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function authenticationCleartext(): Buffer {
  const b = Buffer.alloc(9);
  b.write('R', 0, 'ascii');
  b.writeInt32BE(8, 1);
  b.writeInt32BE(3, 5);
  return b;
}

function parseStartupParams(packet: Buffer): Record<string, string> {
  const params: Record<string, string> = {};
  const parts = packet.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (!parts[i]) break;
    params[parts[i]!] = parts[i + 1]!;
  }
  return params;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Reads from a socket in exact-length steps during the handshake. */
class HandshakeReader {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ended = false;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    socket.on('close', this.onEnd);
  }

  private onData = (chunk: Buffer) => {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    if (this.buffer.length > MAX_STARTUP_BYTES) this.socket.destroy();
    this.waiting?.();
  };

  private onEnd = () => {
    this.ended = true;
    this.waiting?.();
  };

  async take(n: number): Promise<Buffer> {
    while (this.buffer.length < n) {
      if (this.ended) throw new Error('closed');
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Stops listening and returns what was read beyond the handshake. */
  detach(): Buffer {
    this.socket.off('data', this.onData);
    this.socket.off('close', this.onEnd);
    return this.buffer;
  }

  get closed(): boolean {
    return this.ended;
  }
}

async function handle(client: net.Socket, options: GatewayOptions): Promise<void> {
  const reader = new HandshakeReader(client);
  let startup: Buffer | null = null;
  while (!startup) {
    const head = await reader.take(8);
    const length = head.readInt32BE(0);
    const code = head.readInt32BE(4);
    if (code === SSL_REQUEST && length === 8) {
      client.write('N');
      continue;
    }
    if (code === CANCEL_REQUEST || code !== PROTOCOL_3 || length < 8 || length > MAX_STARTUP_BYTES) {
      client.end(errorResponse('08P01', 'unsupported startup message'));
      return;
    }
    startup = Buffer.concat([head, await reader.take(length - 8)]);
  }
  const params = parseStartupParams(startup);
  const user = params.user ?? '';
  const databaseName = params.database ?? user;
  const database = options.findDatabase(databaseName);
  if (!database) {
    client.end(errorResponse('3D000', `database "${databaseName}" does not exist`));
    return;
  }

  client.write(authenticationCleartext());
  const type = await reader.take(1);
  const length = (await reader.take(4)).readInt32BE(0);
  if (type.toString('ascii') !== 'p' || length < 5 || length > 1_004) {
    client.end(errorResponse('08P01', 'expected a password message'));
    return;
  }
  const password = (await reader.take(length - 4)).toString('utf8').replace(/\0$/, '');
  if (user !== database.user || !sameSecret(password, database.password)) {
    client.end(errorResponse('28P01', `password authentication failed for user "${user}"`));
    return;
  }

  const release = await options.acquire(databaseName);
  if (reader.closed || client.destroyed) {
    await release();
    return;
  }
  const rest = reader.detach();
  const backend = options.connectBackend();
  let released = false;
  const finish = () => {
    if (released) return;
    released = true;
    client.destroy();
    backend.destroy();
    // The PGlite server rolls back an open transaction when its socket closes; give it that turn.
    setImmediate(() => void release());
  };
  backend.on('error', finish);
  backend.on('close', finish);
  client.on('error', finish);
  client.on('close', finish);
  if (options.idleTimeoutMs) {
    client.setTimeout(options.idleTimeoutMs, finish);
  }
  backend.write(startup);
  if (rest.length) backend.write(rest);
  client.pipe(backend);
  backend.pipe(client);
}

export interface Gateway {
  port: number;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

export function startGateway(options: GatewayOptions): Promise<Gateway> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    handle(client, options).catch(() => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            open.forEach((socket) => socket.destroy());
          }),
      });
    });
  });
}
