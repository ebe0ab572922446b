/**
 * Messages between the API's thread and the worker that hosts the embedded PostgreSQL (see
 * pglite-worker/client.ts). Every request carries an id; the worker answers each id once.
 */
export type WorkerRequest =
  /** Answers once the database the worker opens as it starts (spawn.ts's WorkerOpen) is open. */
  | { id: number; op: 'open' }
  /** Writes the database's data folder as a tar file (for a template). */
  | { id: number; op: 'dump'; path: string }
  | { id: number; op: 'query'; text: string; params: unknown[]; txId: number | null }
  | { id: number; op: 'named'; name: string; text: string; params: unknown[] }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: its message and PostgreSQL's fields (code, constraint, …). */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: WorkerError }
  /** A NOTIFY on a channel the API listens to. */
  | { notify: string };
