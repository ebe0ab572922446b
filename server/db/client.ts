import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
// Types only at load: the tables (and Drizzle) load as the database opens, after the embedded
// database's thread has started (server/main.ts loads this file before anything else).
import type * as schema from './schema';
import { holdDataFolder } from './data-folder-lock';
import { makePrivateFolder } from './private-files';
import { keepStatistics } from './statistics';
import { startPgliteWorker, type WorkerOpen } from './pglite-worker/spawn';
import { bounded } from '../lib/bounded';
import { timePgClient } from './query-timing';
import { withAfterCommit } from './after-commit';
import { assertNotNewer, migrateUnderLock, readSchemaState, SchemaBehindCodeError, type RunQuery } from './migrations-runner';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Rows of a raw parameterised query (for bulk statements Drizzle does not express). A `name`
   * prepares it on PostgreSQL (planned once per connection); a name must always carry the same text.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: { name?: string }): Promise<T[]>;
  ping(): Promise<void>;
  /**
   * Follows NOTIFY on a channel. `onNotify` runs for each notification; `onReady(false)` when
   * notifications may be missed (the listening connection dropped; it reconnects on its own),
   * `onReady(true)` once they are delivered again. Resolves to a function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(): void;
  onReady(ready: boolean): void;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * At open: 'apply' migrates (under an advisory lock on PostgreSQL), 'verify' only checks that the
 * schema is exactly what this code expects (MIGRATE_ON_START=false, after `npm run migrate`).
 * Both refuse a schema newer than the code.
 */
export type MigrationMode = 'apply' | 'verify';

async function verifySchema(query: RunQuery): Promise<void> {
  const state = await readSchemaState(query, MIGRATIONS_FOLDER);
  if (assertNotNewer(state).behind) throw new SchemaBehindCodeError(state);
}

export async function openPostgres(url: string, poolSize = 10, migrations: MigrationMode = 'apply'): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const schema = await import('./schema');
  // numeric stays a string (money is exact); bigint counts become numbers.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A client losing its connection must not crash the process. The pool handles an idle one
  // ('error' on the pool, then replaced); a checked-out one (a transaction between two queries)
  // emits 'error' on itself, which unheard would throw: its query fails, and the pool drops it on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    timePgClient(client as never);
  });
  const db = withAfterCommit(drizzle({ client: pool, schema }) as unknown as Db);
  try {
    if (migrations === 'verify') await verifySchema(async (text, params) => (await pool.query(text, params as unknown[])).rows);
    else {
      const client = await pool.connect();
      try {
        const query: RunQuery = async (text, params) => (await client.query(text, params as unknown[])).rows;
        await migrateUnderLock({ query }, MIGRATIONS_FOLDER, () => migrate(drizzle({ client, schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER }));
      } finally {
        client.release();
      }
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    query: async (text, params, options) =>
      (await (options?.name ? pool.query({ name: options.name, text, values: params as unknown[] }) : pool.query(text, params as unknown[]))).rows,
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenPostgres(pg, url, channel, handlers),
    // A client checked out when the database dropped its connection may never be returned: end()
    // would wait for it forever, so a shutdown gives it 10 s and then leaves the sockets to the process exit.
    close: () => bounded(pool.end(), 10_000, () => console.warn('PostgreSQL pool did not close within 10 s')),
  };
}

/** How long a lost listening connection waits before trying again. */
const LISTEN_RETRY_MS = 1_000;

/** LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting when lost. */
async function listenPostgres(pg: typeof import('pg').default, url: string, channel: string, handlers: ListenHandlers) {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let current: import('pg').Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  const lost = (client: import('pg').Client) => {
    if (client !== current) return;
    current = null;
    handlers.onReady(false);
    client.end().catch(() => undefined);
    schedule();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (stopped) return void client.end().catch(() => undefined);
      current = client;
      handlers.onReady(true);
    } catch {
      client.end().catch(() => undefined);
      schedule();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.onReady(false);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Embedded PostgreSQL: in a data folder, or in memory when dataDir is undefined. PGlite runs in a
 * worker thread of its own (pglite-worker/), so the API's thread is not held while it works.
 */
/** The embedded database, which can also write itself out as a template (see test-database.ts). */
export interface EmbeddedDatabase extends Database {
  dumpDataDir(path: string): Promise<void>;
}

export async function openPglite(
  dataDir?: string,
  migrations: MigrationMode = 'apply',
  options: Pick<WorkerOpen, 'template' | 'wasmModule'> & { workerEntry?: URL } = {},
): Promise<EmbeddedDatabase> {
  // One process in the folder at a time; a backup refuses it while it is held.
  const release = dataDir ? holdDataFolder(dataDir) : () => undefined;
  let client: Awaited<ReturnType<typeof import('./pglite-worker/client').PgliteWorkerClient.open>>;
  try {
    // Its thread starts opening the database now, before the modules below have loaded.
    const started = startPgliteWorker({ dataDir, template: options.template, wasmModule: options.wasmModule }, options.workerEntry);
    try {
      const { PgliteWorkerClient } = await import('./pglite-worker/client');
      client = await PgliteWorkerClient.open(dataDir, options, started);
    } catch (err) {
      await started.worker.terminate();
      throw err;
    }
  } catch (err) {
    release();
    throw err;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const schema = await import('./schema');
  const db = withAfterCommit(drizzle({ client: client as never, schema }) as unknown as Db);
  // One process holds an embedded data folder: no lock to take, only the version to check.
  try {
    const query: RunQuery = async (text, params) => (await client.query(text, params as unknown[])).rows as Record<string, unknown>[];
    if (migrations === 'verify') await verifySchema(query);
    else if (assertNotNewer(await readSchemaState(query, MIGRATIONS_FOLDER)).behind) await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close().catch(() => undefined).finally(release);
    throw error;
  }
  const database: EmbeddedDatabase = {
    db,
    kind: 'pglite',
    dumpDataDir: (path) => client.dumpDataDir(path),
    // A named statement is prepared once (PGlite plans every unnamed one anew, see pglite-raw-statements.ts).
    query: async (text, params, options) =>
      options?.name ? client.namedQuery(options.name, text, params ?? []) : ((await client.query(text, params as unknown[])).rows as never),
    ping: async () => {
      await client.query('select 1');
    },
    // One connection: notifications arrive as the statement that sent them commits.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, () => handlers.onNotify());
      handlers.onReady(true);
      return async () => {
        handlers.onReady(false);
        await unlisten();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
  // No autovacuum here: statistics missing or gone stale since the last run are made now, before
  // the first query is planned (a blind planner sorts a project's rows for the first page).
  await keepStatistics(database);
  return database;
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; migrations?: MigrationMode }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, 10, opts.migrations);
  makePrivateFolder(opts.dataDir);
  return openPglite(path.join(opts.dataDir, 'pg'), opts.migrations);
}
