import type { Database, Db } from './client';

/** A database still opening, and the promise of it open. */
export interface PendingDatabase extends Database {
  /** The database once it is open (migrations checked or applied, statistics kept); rejects as its opening does. */
  opened: Promise<Database>;
}

/**
 * The database while it opens, for the app to be built meanwhile: the embedded database takes
 * about a second to start in its own thread, which the API's thread spends building the app.
 *
 * Its methods wait for the open database and go on to it. Its `db` may be taken during the build
 * (route modules keep it) and stands for the open database's: every use of it goes on to that
 * one. Using it before the database is open throws — the server listens only once it is, so no
 * request can; a build step that queried would fail loudly rather than wait.
 */
export function pendingDatabase(kind: Database['kind'], opening: Promise<Database>): PendingDatabase {
  let open: Database | null = null;
  const opened = opening.then((database) => (open = database));
  // Whoever awaits `opened` hears its failure; this copy only keeps it from being reported as unhandled.
  opened.catch(() => undefined);
  const openDb = (): Db => {
    if (!open) throw new Error('the database is not open yet');
    return open.db;
  };
  // Drizzle's methods run with `this` = this stand-in and read the database's fields through it;
  // Drizzle keeps no #private fields, so every read and write reaches the open database.
  const db = new Proxy({} as Db, {
    get: (_target, key) => Reflect.get(openDb(), key),
    set: (_target, key, value) => Reflect.set(openDb(), key, value),
    has: (_target, key) => Reflect.has(openDb(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(openDb()),
    ownKeys: () => Reflect.ownKeys(openDb()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(openDb(), key);
      // The stand-in's own target has no such property: a proxy may only report it as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return {
    kind,
    opened,
    db,
    async query<T>(text: string, params?: unknown[], options?: { name?: string }) {
      return (await opened).query<T>(text, params, options);
    },
    ping: async () => (await opened).ping(),
    listen: async (channel, handlers) => (await opened).listen(channel, handlers),
    // A database that failed to open has nothing left to close.
    close: async () => {
      const database = await opened.catch(() => null);
      await database?.close();
    },
  };
}
