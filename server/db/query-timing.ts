/**
 * How long each database statement took, for whoever listens (the metrics, server/ops/metrics.ts).
 * Both drivers report here: the pg connections of a pool, and the embedded database's worker.
 */
type Listener = (seconds: number, failed: boolean) => void;
const listeners = new Set<Listener>();

export function onQueryTime(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function reportQueryTime(startedAt: bigint, failed: boolean): void {
  if (listeners.size === 0) return;
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  for (const listener of listeners) listener(seconds, failed);
}

/** Wraps a promise-returning statement: its time is reported when it settles. */
export function timed<T>(run: () => Promise<T>): Promise<T> {
  if (listeners.size === 0) return run();
  const started = process.hrtime.bigint();
  return run().then(
    (value) => {
      reportQueryTime(started, false);
      return value;
    },
    (error: unknown) => {
      reportQueryTime(started, true);
      throw error;
    },
  );
}

/**
 * Times every statement of a pg client (pool connections included): `query` with a callback,
 * a promise, or a submittable (a cursor: not timed, it streams).
 */
export function timePgClient(client: { query: (...args: unknown[]) => unknown }): void {
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (listeners.size === 0 || (first && typeof first.submit === 'function')) return original(...args);
    const started = process.hrtime.bigint();
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        reportQueryTime(started, Boolean(error));
        (last as (...a: unknown[]) => void)(error, ...rest);
      };
      return original(...args);
    }
    const result = original(...args) as Promise<unknown>;
    result.then(
      () => reportQueryTime(started, false),
      () => reportQueryTime(started, true),
    );
    return result;
  };
}
