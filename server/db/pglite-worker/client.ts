import type { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { readRawResult, type RawResult } from '../pglite-raw-statements';
import { compactParserTable, OWN_PARSERS, type ArrayTypeRow } from '../pglite-parsers';
import { timed } from '../query-timing';
import type { WorkerError, WorkerReply, WorkerRequest } from './protocol';
import { startPgliteWorker, type StartedWorker } from './spawn';

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
type QueryOptions = { rowMode?: 'object' | 'array'; parsers?: PGlite['parsers'] };

/** What Drizzle's PGlite driver calls on a client or on the transaction it is given. */
export interface PgliteLike {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<RawResult<T>>;
  transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T>;
}

/** A database error from the worker, with PostgreSQL's fields (code, constraint, detail, …) on it. */
function toError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error.fields, { name: error.name });
}

/**
 * The embedded PostgreSQL, hosted by a worker thread (pglite-worker/worker.ts), as a client
 * Drizzle's PGlite driver takes: queries and transactions are sent to the worker and their rows
 * come back. The API's thread keeps serving requests while PostgreSQL runs a statement.
 */
export class PgliteWorkerClient implements PgliteLike {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  /** Listeners by channel; a NOTIFY comes from the worker, or inside a reply decoded here. */
  private readonly listeners = new Map<string, Set<() => void>>();
  private failure: Error | null = null;
  closed = false;
  /** The worker's parser table, for the replies read here. */
  private parsers: PGlite['parsers'] = OWN_PARSERS;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      if ('notify' in reply) return this.notify(reply.notify);
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.result);
      else waiting?.reject(toError(reply.error));
    });
    // A worker that died (out of memory, a fault in PostgreSQL) fails every call from then on.
    const fail = (err: Error) => {
      // Not after close(): the database's end is then expected, and said by nobody.
      if (!this.closed) console.error(`Gömülü veritabanı durdu: ${err.message}`);
      this.failure ??= err;
      this.closed = true;
      for (const { reject } of this.pending.values()) reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`embedded database worker exited (${code})`)));
  }

  /**
   * The database in `dataDir` (in memory when undefined), open: in a worker started here, or in
   * one already started for it (spawn.ts), which has been opening it meanwhile.
   */
  static async open(
    dataDir: string | undefined,
    options: { template?: string } = {},
    { worker, ended }: StartedWorker = startPgliteWorker({ dataDir, template: options.template }),
  ): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(worker);
    try {
      const arrayTypes = await Promise.race([client.call<ArrayTypeRow[]>({ op: 'open' }), ended.then((err) => Promise.reject(err))]);
      client.parsers = compactParserTable(arrayTypes, OWN_PARSERS);
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return client;
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Writes the data folder as a tar file that `open(undefined, { template })` starts from. */
  async dumpDataDir(path: string): Promise<void> {
    await this.call({ op: 'dump', path });
  }

  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<RawResult<T>> {
    return this.queryIn(null, text, params, options);
  }

  private async queryIn<T>(txId: number | null, text: string, params: unknown[], options: QueryOptions): Promise<RawResult<T>> {
    return this.read<T>(await timed(() => this.call<Uint8Array>({ op: 'query', text, params, txId })), options);
  }

  /** A named statement, prepared once in the worker (pglite-raw-statements.ts): its rows. */
  async namedQuery<T>(name: string, text: string, params: readonly unknown[]): Promise<T[]> {
    return this.read<T>(await timed(() => this.call<Uint8Array>({ op: 'named', name, text, params: [...params] })), {}).rows;
  }

  /** Decodes a reply here, with the caller's options (Drizzle keeps dates as text by parsers of its own). */
  private read<T>(reply: Uint8Array, options: QueryOptions): RawResult<T> {
    return readRawResult<T>(reply, this.parsers, options, (channel) => this.notify(channel));
  }

  private notify(channel: string): void {
    for (const onNotify of this.listeners.get(channel) ?? []) onNotify();
  }

  async transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: 'begin' });
    const tx: PgliteLike = {
      query: (text, params = [], options = {}) => this.queryIn(txId, text, params, options),
      // PGlite has no nested transaction; Drizzle nests with savepoints on the same transaction.
      transaction: (inner) => inner(tx),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      await this.call({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', txId, commit: true });
    return result;
  }

  /** Calls `onNotify` for each NOTIFY on the channel; resolves to a function that stops it. */
  async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    await this.call({ op: 'listen', channel });
    // A function of its own, so the same one given twice is two listeners, each stopped once.
    const listener = () => onNotify();
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set.add(listener));
    return async () => {
      if (!set.delete(listener)) return;
      if (set.size === 0) this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }

  /** For tests: the worker dies as it would from a fault in PostgreSQL. */
  async crashForTest(): Promise<void> {
    await this.worker.terminate();
  }
}
