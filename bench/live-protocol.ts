/** What bench:live (live.bench.ts) and its listening processes (live-listeners.ts) tell each other. */
export interface ListenerTarget {
  port: number;
  token: string;
  projectId: number;
}

export type ToListener = { type: 'connect'; targets: ListenerTarget[]; batch: number } | { type: 'close' };
export type FromListener =
  | { type: 'connected'; sockets: number }
  | { type: 'arrived'; id: number; projectId: number; last: number; count: number; bytes: number }
  | { type: 'error'; message: string }
  | { type: 'closed' };

/**
 * Milliseconds on the machine-wide monotonic clock (process.hrtime is CLOCK_MONOTONIC on Linux),
 * which every process reads alike: a time taken in one process compares with one taken in another.
 */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;
