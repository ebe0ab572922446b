import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { compactPgliteParsers, OWN_PARSERS, type ArrayTypeRow } from '../pglite-parsers';
import { pgliteRawStatements } from '../pglite-raw-statements';
import { cacheFileSizes, type EmscriptenFs } from './file-size-cache';
import { keepCreatedFilesPrivate, makePrivateFolder, tightenTree } from '../private-files';
import type { WorkerError, WorkerReply, WorkerRequest } from './protocol';
import type { WorkerOpen } from './spawn';

/**
 * The embedded PostgreSQL's own thread: PGlite (PostgreSQL in WebAssembly) runs every statement
 * synchronously on the thread that calls it, so on the API's thread a page's statement held up
 * every other request, socket and timer for its whole run. Here it runs beside the API, which
 * only sends statements and receives rows. The semantics are PGlite's own: its locks order the
 * statements, a transaction holds the connection until it ends. Replies go back as raw protocol
 * bytes, decoded on the API's thread (pglite-raw-statements.ts).
 */
const port = parentPort!;
let pg: PGlite | undefined;
let statements: ReturnType<typeof pgliteRawStatements> | undefined;
let nextTxId = 1;
/** Open transactions: the connection waits inside PGlite's transaction() until the API ends them. */
const transactions = new Map<number, { end: (commit: boolean) => void; done: Promise<void> }>();
/**
 * One PGlite listener per channel, however many listen to it on the API's side (which fans out).
 * Its unlisten is kept as a promise, set before PGlite is asked: two listens of one channel at
 * once must not both start a listener (the first would be left behind, and every NOTIFY heard twice).
 */
const channels = new Map<string, { count: number; unlisten: Promise<() => Promise<void>> }>();
/** Thrown inside a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

const reply = (message: WorkerReply) => port.postMessage(message);

function toWorkerError(err: unknown): WorkerError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // PostgreSQL's fields are strings and numbers; the statement's parameters stay on this side.
    if (key !== 'params' && key !== 'queryOptions' && (typeof value === 'string' || typeof value === 'number')) fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

/**
 * Opens the database this thread was started for, as soon as it starts (the API's thread loads
 * its own modules meanwhile). Answers the array types for the API's parser table.
 */
async function open({ dataDir, template, wasmModule }: WorkerOpen): Promise<ArrayTypeRow[]> {
  if (dataDir) {
    // Private from the first start, older folders tightened, and what PGlite creates from now on too.
    makePrivateFolder(dataDir);
    tightenTree(dataDir);
    keepCreatedFilesPrivate(fs, dataDir);
  }
  // A template skips initdb and the migrations: a test file's database starts in a second, not in several.
  const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
  pg = await PGlite.create({ ...(wasmModule ? { wasmModule } : {}), dataDir, loadDataDir, extensions: { pg_trgm, btree_gin }, parsers: OWN_PARSERS });
  if (dataDir) cacheFileSizes(pg.Module.FS as unknown as EmscriptenFs);
  statements = pgliteRawStatements(pg);
  // The API's thread reads named statements' replies with the same parser table.
  return compactPgliteParsers(pg, OWN_PARSERS);
}
const opening = open(workerData as WorkerOpen);
// Heard by the 'open' request; until then, not an unhandled rejection.
opening.catch(() => undefined);

function requireOpen(): { pg: PGlite; statements: ReturnType<typeof pgliteRawStatements> } {
  if (!pg || !statements) throw new Error('embedded database is not open');
  return { pg, statements };
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      return opening;
    case 'dump': {
      const dump = await requireOpen().pg.dumpDataDir('none');
      const partial = `${request.path}.${process.pid}.${Date.now()}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      // Whole or not at all: another process may be reading the template already.
      fs.renameSync(partial, request.path);
      return null;
    }
    case 'query': {
      const open = requireOpen();
      // Inside a transaction, PGlite's transaction() holds the connection for it (see 'begin').
      if (request.txId !== null && !transactions.has(request.txId)) throw new Error('transaction is not open');
      return open.statements.unnamed(request.text, request.params, request.txId !== null);
    }
    case 'named':
      return requireOpen().statements.named(request.name, request.text, request.params);
    case 'begin': {
      const db = requireOpen().pg;
      const txId = nextTxId++;
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      let entered!: () => void;
      const began = new Promise<void>((resolve) => (entered = resolve));
      // PGlite's transaction() holds the connection while its callback runs: the callback waits
      // for the API's 'end', and a rollback is asked for by throwing.
      const done = db
        .transaction(async () => {
          entered();
          if (!(await ended)) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (err: unknown) => {
            if (err !== ROLLBACK) throw err;
          },
        )
        .finally(() => transactions.delete(txId));
      done.catch(() => undefined);
      await Promise.race([began, done.then(() => Promise.reject(new Error('transaction ended before it began')))]);
      transactions.set(txId, { end, done });
      return txId;
    }
    case 'end': {
      const open = transactions.get(request.txId);
      if (!open) return null;
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'listen': {
      const listened = channels.get(request.channel);
      if (listened) {
        listened.count++;
        await listened.unlisten;
        return null;
      }
      const unlisten = requireOpen().pg.listen(request.channel, () => reply({ notify: request.channel }));
      channels.set(request.channel, { count: 1, unlisten });
      try {
        await unlisten;
      } catch (err) {
        // Not listening after all: the next listen tries again.
        if (channels.get(request.channel)?.unlisten === unlisten) channels.delete(request.channel);
        throw err;
      }
      return null;
    }
    case 'unlisten': {
      const listened = channels.get(request.channel);
      if (!listened || --listened.count > 0) return null;
      channels.delete(request.channel);
      if (pg && !pg.closed) await (await listened.unlisten)();
      return null;
    }
    case 'close': {
      if (pg && !pg.closed) await pg.close();
      return null;
    }
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) =>
      // A statement's raw reply is moved to the API's thread, not copied.
      result instanceof Uint8Array ? port.postMessage({ id: request.id, ok: true, result }, [result.buffer as ArrayBuffer]) : reply({ id: request.id, ok: true, result }),
    (err: unknown) => reply({ id: request.id, ok: false, error: toWorkerError(err) }),
  );
});
