import { AsyncLocalStorage } from 'node:async_hooks';

/** The work waiting for the transaction the current code runs in. */
const waiting = new AsyncLocalStorage<Array<() => void>>();

/**
 * Runs `effect` once the transaction this code runs inside has committed (never for a rolled-back
 * one), or at once outside a transaction. For what must not be seen before the change is: a
 * socket closed for a revoked session reconnects at once, and a check that ran before the commit
 * would let it in again.
 */
export function afterCommit(effect: () => void): void {
  const list = waiting.getStore();
  if (list) list.push(effect);
  else effect();
}

/**
 * Makes `db.transaction` run the effects its callback registered with afterCommit after the
 * commit. Each top-level transaction keeps its own list (one opened inside another's callback is
 * a separate transaction with its own commit); savepoints (`tx.transaction`) share their parent's.
 */
export function withAfterCommit<D extends { transaction: (...args: any[]) => Promise<unknown> }>(db: D): D {
  const begin = db.transaction.bind(db);
  const transaction = async (...args: unknown[]) => {
    const effects: Array<() => void> = [];
    const result = await waiting.run(effects, () => begin(...args));
    for (const effect of effects) effect();
    return result;
  };
  db.transaction = transaction as D['transaction'];
  return db;
}
