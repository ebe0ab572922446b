import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { POSTGRES_CONTRACT_SQL } from '../external-contract-sql';
import { startGateway, type Gateway, type GatewayDatabase } from './pg-gateway';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** One holder at a time, in arrival order. */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let unlock!: () => void;
    const next = new Promise<void>((resolve) => (unlock = resolve));
    const ready = this.tail.then(() => unlock);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

/**
 * A real external system for the demo and the tests: one PGlite (in memory, or in a data folder),
 * reachable with the `pg` driver over TCP through a password-checking gateway, holding one
 * database per project (a schema with the contract's tables). See pg-gateway.ts for why
 * connections are taken one at a time.
 */
export class EmbeddedSourceServer {
  private readonly databases = new Map<string, GatewayDatabase>();
  private readonly lock = new Lock();

  private constructor(
    readonly pglite: PGlite,
    private readonly backend: PGLiteSocketServer,
    private readonly backendDir: string,
    private readonly gateway: Gateway,
    readonly host: string,
  ) {}

  static async start(options: { dataDir?: string; host?: string; port?: number; idleTimeoutMs?: number } = {}): Promise<EmbeddedSourceServer> {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const pglite = await PGlite.create({ dataDir: options.dataDir });
    // The PGlite socket server listens only on a private Unix socket; the gateway is the way in.
    const backendDir = mkdtempSync(path.join(tmpdir(), 'bonus-ext-'));
    const socketPath = path.join(backendDir, '.s.PGSQL');
    const backend = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 16 });
    await backend.start();
    const host = options.host ?? '127.0.0.1';
    // The gateway needs the server object, which needs the gateway: a late reference ties them.
    const ref: { server?: EmbeddedSourceServer } = {};
    const gateway = await startGateway({
      host,
      port: options.port ?? 0,
      idleTimeoutMs: options.idleTimeoutMs ?? 120_000,
      findDatabase: (name) => ref.server?.databases.get(name),
      acquire: (database) => ref.server!.hold(database),
      connectBackend: () => net.connect(socketPath),
    });
    ref.server = new EmbeddedSourceServer(pglite, backend, backendDir, gateway, host);
    return ref.server;
  }

  get port(): number {
    return this.gateway.port;
  }

  /** Creates the database (schema and contract tables) on first use and lets `user` in with `password`. */
  async addDatabase(name: string, login: GatewayDatabase): Promise<{ created: boolean }> {
    if (!IDENTIFIER.test(name)) throw new Error(`invalid database name: ${name}`);
    const created = await this.session(null, async (db) => {
      const found = await db.query('select 1 from information_schema.schemata where schema_name = $1', [name]);
      if (found.rows.length) return false;
      await db.exec(`create schema ${name}; set search_path to ${name}`);
      for (const statement of POSTGRES_CONTRACT_SQL) await db.exec(statement);
      return true;
    });
    this.databases.set(name, login);
    return { created };
  }

  /** Direct access to one database while no client holds the backend (seeding, the demo feeder). */
  async session<T>(database: string | null, work: (db: PGlite) => Promise<T>): Promise<T> {
    const release = await this.hold(database);
    try {
      return await work(this.pglite);
    } finally {
      await release();
    }
  }

  private async hold(database: string | null): Promise<() => Promise<void>> {
    const unlock = await this.lock.acquire();
    try {
      await this.reset();
      if (database) await this.pglite.exec(`set search_path to ${database}`);
    } catch (err) {
      unlock();
      throw err;
    }
    return async () => {
      await this.reset().catch(() => undefined);
      unlock();
    };
  }

  /** Leaves the one session as new: no open transaction, no settings of the previous holder. */
  private async reset(): Promise<void> {
    if (this.pglite.isInTransaction()) await this.pglite.exec('rollback');
    await this.pglite.exec('reset all');
  }

  async stop(): Promise<void> {
    await this.gateway.close();
    await this.backend.stop();
    await this.pglite.close();
    rmSync(this.backendDir, { recursive: true, force: true });
  }
}
