import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../lib/db-errors';
import { heldTransaction } from '../pglite-test-kit';
import { migratedTemplate } from '../test-database';
import { PgliteWorkerClient } from './client';

let client: PgliteWorkerClient;

beforeAll(async () => {
  client = await PgliteWorkerClient.open(undefined, { template: await migratedTemplate() });
  await client.query(`create table t (id int primary key, tag text not null, n int8, at timestamptz)`);
});
afterAll(async () => {
  await client?.close();
});

const tags = async () => (await client.query<{ tag: string }>('select tag from t order by id')).rows.map((r) => r.tag);

/**
 * One more statement's reply: the worker sends a notification before the replies that follow it,
 * on one ordered message port, so once this answer is here every earlier notification has been heard.
 */
const roundTrip = () => client.query('select 1');

describe('PgliteWorkerClient: PGlite in a worker thread, as Drizzle and the API use it', () => {
  it('answers rows with parameters, in object and array mode; bigint as number, dates as Date unless kept as text', async () => {
    await client.query(`insert into t values ($1, $2, $3, $4)`, [1, 'a', 9007199254740991, '2026-11-26T10:00:00Z']);
    const objects = await client.query(`select id, tag, n, at from t where id = $1`, [1]);
    expect(objects.rows).toEqual([{ id: 1, tag: 'a', n: 9007199254740991, at: new Date('2026-11-26T10:00:00Z') }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'tag', 'n', 'at']);
    // Drizzle asks for timestamptz (1184) as text with a parser of its own.
    const arrays = await client.query(`select id, at from t`, [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows).toEqual([[1, '2026-11-26 10:00:00+00']]);
  });

  it("throws PostgreSQL's error with its code and constraint, and the connection goes on", async () => {
    const err = await client.query(`insert into t values (1, 'again')`).catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('23505');
    expect(err).toMatchObject({ constraint: 't_pkey' });
    expect(await tags()).toEqual(['a']);
  });

  it('commits a transaction, rolls one back on an error, and keeps other callers out until it ends', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`insert into t (id, tag) values (2, 'b')`);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into t (id, tag) values (3, 'c')`);
        throw new Error('vazgeç');
      }),
    ).rejects.toThrow('vazgeç');
    expect(await tags()).toEqual(['a', 'b']);

    const tx = heldTransaction(client, `update t set tag = 'z' where id = 1`, `update t set tag = 'a2' where id = 1`);
    // Sent before the release on the same ordered port: it reaches the worker while the transaction holds the connection.
    const outside = client.query<{ tag: string }>('select tag from t where id = 1');
    tx.release();
    await tx.done;
    expect((await outside).rows).toEqual([{ tag: 'a2' }]);
  });

  it('a failed statement inside a transaction fails the transaction, and nothing of it is kept', async () => {
    const err = await client
      .transaction(async (tx) => {
        await tx.query(`insert into t (id, tag) values (4, 'd')`);
        await tx.query(`insert into t (id, tag) values (4, 'd')`);
      })
      .catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('23505');
    expect(await tags()).toEqual(['a2', 'b']);
  });

  it('runs named statements (prepared once) with the same parsing, and their errors carry the code', async () => {
    const text = 'select id, n from t where id = any($1::int[]) order by id';
    for (let i = 0; i < 3; i++) expect(await client.namedQuery('w1', text, [[1, 2]])).toEqual([{ id: 1, n: 9007199254740991 }, { id: 2, n: null }]);
    const err = await client.namedQuery('w2', 'select 1 / $1::int as x', [0]).catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('22012');
    expect(await client.namedQuery('w2', 'select 1 / $1::int as x', [1])).toEqual([{ x: 1 }]);
  });

  it('delivers a NOTIFY to the listener once, whichever statement the server sends it with', async () => {
    const heard: string[] = [];
    const stop = await client.listen('degisti', () => heard.push('degisti'));
    await client.transaction(async (tx) => {
      await tx.query(`select pg_notify('degisti', '')`);
    });
    await client.namedQuery('w3', 'select 1 as one', []);
    await client.query('select 1');
    await roundTrip();
    expect(heard).toEqual(['degisti']);
    // Sent by a named statement: it arrives in that statement's raw reply, read on this thread.
    await client.namedQuery('w5', `select pg_notify('degisti', '') as sent`, []);
    await roundTrip();
    expect(heard).toEqual(['degisti', 'degisti']);
    await stop();
    await client.query(`select pg_notify('degisti', '')`);
    await client.namedQuery('w5', `select pg_notify('degisti', '') as sent`, []);
    await roundTrip();
    expect(heard).toEqual(['degisti', 'degisti']);
  });

  it('two listeners of one channel each hear a NOTIFY once; stopping one leaves the other', async () => {
    const heard: string[] = [];
    const stopA = await client.listen('iki', () => heard.push('a'));
    const stopB = await client.listen('iki', () => heard.push('b'));
    await client.query(`select pg_notify('iki', '')`);
    await roundTrip();
    expect(heard.sort()).toEqual(['a', 'b']);
    await stopA();
    await stopA();
    await client.query(`select pg_notify('iki', '')`);
    await roundTrip();
    expect(heard.sort()).toEqual(['a', 'b', 'b']);
    await stopB();
    await client.query(`select pg_notify('iki', '')`);
    await roundTrip();
    expect(heard).toHaveLength(3);
  });

  it('two listeners of one channel started at once each hear a NOTIFY once, and none after both stop', async () => {
    const heard: string[] = [];
    // An open transaction holds the connection, so both listens wait inside the worker at once.
    const tx = heldTransaction(client, 'select 1', 'select 2');
    const listening = Promise.all([client.listen('aynianda', () => heard.push('a')), client.listen('aynianda', () => heard.push('b'))]);
    tx.release();
    await tx.done;
    const [stopA, stopB] = await listening;
    await client.query(`select pg_notify('aynianda', '')`);
    await roundTrip();
    expect(heard.sort()).toEqual(['a', 'b']);
    await Promise.all([stopA(), stopB()]);
    await client.query(`select pg_notify('aynianda', '')`);
    await roundTrip();
    expect(heard).toHaveLength(2);
  });

  it('many callers at once each get their own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? client.query<{ v: number }>('select $1::int as v', [i]).then((r) => r.rows[0]!.v) : client.namedQuery<{ v: number }>('w4', 'select $1::int as v', [i]).then((r) => r[0]!.v))));
    expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('PgliteWorkerClient lifecycle', () => {
  it('a worker that dies fails the calls waiting on it and every later one, instead of leaving them hanging', async () => {
    const other = await PgliteWorkerClient.open(undefined, { template: await migratedTemplate() });
    const waiting = other.query(`select pg_sleep(2)`);
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await other.crashForTest();
      await expect(waiting).rejects.toThrow(/exited/);
      await expect(other.query('select 1')).rejects.toThrow(/exited/);
    } finally {
      console.error = quiet;
    }
  });

  it('after close, calls fail at once instead of waiting', async () => {
    const other = await PgliteWorkerClient.open(undefined, { template: await migratedTemplate() });
    expect((await other.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow();
  });
});
