import { Worker } from 'node:worker_threads';

/** What the worker opens as it starts (its workerData): a data folder, or memory, from a template or not. */
export interface WorkerOpen {
  dataDir: string | undefined;
  /** A data folder dumped by 'dump' (a tar file) to start an in-memory database from. */
  template?: string;
  /**
   * PostgreSQL's WebAssembly, compiled once by the caller. A test process opens a database per
   * file, and each new thread would otherwise compile it again (about 0.2 s of CPU each time).
   */
  wasmModule?: WebAssembly.Module;
}

/** A worker thread started, and the error it ended with, should it end. */
export interface StartedWorker {
  worker: Worker;
  ended: Promise<Error>;
}

/**
 * Under tsx (sources) the worker boots through boot.mjs, which registers tsx in the thread; in a
 * build (dist/server/, one file per program) it is the bundled pglite-worker.js beside this code.
 * Tests, which open a database per file, pass a bundle of their own (test-database.ts).
 */
function workerEntry(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./boot.mjs', import.meta.url) : new URL('./pglite-worker.js', import.meta.url);
}

/**
 * Starts the embedded database's thread, which begins opening the database at once. Kept apart
 * from the client (and from PGlite's own modules, which the client loads) so that starting it
 * costs the caller almost nothing: the thread compiles and starts PostgreSQL while the caller
 * goes on loading its own modules.
 */
export function startPgliteWorker(open: WorkerOpen, entry: URL = workerEntry()): StartedWorker {
  const worker = new Worker(entry, { workerData: open });
  // Heard from the start: a thread that fails before a client takes it over (its modules did not
  // load) fails that client's open, instead of an unheard 'error' ending the process.
  const ended = new Promise<Error>((resolve) => {
    worker.once('error', resolve);
    worker.once('exit', (code) => resolve(new Error(`embedded database worker exited (${code})`)));
  });
  return { worker, ended };
}
