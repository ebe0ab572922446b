import { describe, expect, it } from 'vitest';
import { afterCommit } from './after-commit';
import type { Database } from './client';
import { pendingDatabase } from './pending-database';
import { users } from './schema';
import { createTestDatabase } from './test-database';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('pendingDatabase: the database while it opens (server/main.ts builds the app meanwhile)', () => {
  it('queries wait for the open database; the db taken before it opened is the open one from then on', async () => {
    const opening = deferred<Database>();
    const pending = pendingDatabase('pglite', opening.promise);
    // As a route module keeps it while the app is built.
    const db = pending.db;
    expect(pending.kind).toBe('pglite');
    expect(() => db.select().from(users)).toThrow('the database is not open yet');
    const early = pending.query<{ one: number }>('select 1 as one');

    const database = await createTestDatabase();
    try {
      opening.resolve(database);
      expect(await pending.opened).toBe(database);
      expect(await early).toEqual([{ one: 1 }]);
      await pending.ping();

      const [user] = await db.insert(users).values({ username: 'bekleyen', fullName: 'Bekleyen Veritabanı', role: 'agent', passwordHash: 'x' }).returning();
      expect(await db.select({ username: users.username }).from(users)).toEqual([{ username: 'bekleyen' }]);
      // A transaction through it runs the effects registered for after its commit (after-commit.ts).
      const effects: string[] = [];
      await db.transaction(async (tx) => {
        await tx.delete(users);
        afterCommit(() => effects.push('committed'));
        expect(effects).toEqual([]);
      });
      expect(effects).toEqual(['committed']);
      expect(await database.query('select id from users where id = $1', [user!.id])).toEqual([]);
    } finally {
      await pending.close();
    }
    expect(await database.ping().then(() => 'open', () => 'closed')).toBe('closed');
  });

  it('a database that fails to open: its error reaches whoever waits, and closing has nothing to do', async () => {
    const opening = deferred<Database>();
    const pending = pendingDatabase('postgres', opening.promise);
    const early = pending.query('select 1');
    opening.reject(new Error('Veritabanı şeması bu sürümden yeni'));
    await expect(pending.opened).rejects.toThrow('bu sürümden yeni');
    await expect(early).rejects.toThrow('bu sürümden yeni');
    await expect(pending.close()).resolves.toBeUndefined();
    expect(() => pending.db.select()).toThrow('the database is not open yet');
  });
});
