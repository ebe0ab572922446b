import type { AppContext } from '../context';

/**
 * A module's own long-lived service, one per app context, made on first use: the context names
 * only infrastructure, so the modules that keep state (presence, the sync runner, the session
 * cache) keep it here rather than in the context, which would then import them back.
 */
export function perContext<T>(make: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const made = new WeakMap<AppContext, T>();
  return (ctx) => {
    let value = made.get(ctx);
    if (value === undefined) {
      value = make(ctx);
      made.set(ctx, value);
    }
    return value;
  };
}
