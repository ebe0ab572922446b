/** What both PGlite and the worker client offer for a transaction, as the tests use it. */
interface Transactional {
  transaction<T>(fn: (tx: { query(text: string): Promise<unknown> }) => Promise<T>): Promise<T>;
}

/**
 * A transaction that runs `first`, then holds the connection until `release()`, then runs
 * `last` and commits (`done`): to show that other callers wait for it instead of running inside it.
 */
export function heldTransaction(client: Transactional, first: string, last: string): { release: () => void; done: Promise<void> } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const done = client.transaction(async (tx) => {
    await tx.query(first);
    await held;
    await tx.query(last);
  });
  return { release, done };
}
