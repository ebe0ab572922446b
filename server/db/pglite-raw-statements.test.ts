import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteRawStatements, readRawResult } from './pglite-raw-statements';
import { heldTransaction } from './pglite-test-kit';

let client: PGlite;
let named: <T = Record<string, unknown>>(name: string, text: string, params: unknown[]) => Promise<T[]>;
let unnamed: <T = Record<string, unknown>>(text: string, params: unknown[], options?: { rowMode?: 'array' | 'object' }) => Promise<T[]>;

beforeAll(async () => {
  client = await PGlite.create();
  const raw = pgliteRawStatements(client);
  // As the API reads them: the raw reply parsed with the client's parsers.
  named = async <T,>(name: string, text: string, params: unknown[]) => readRawResult<T>(await raw.named(name, text, params), client.parsers).rows;
  unnamed = async <T,>(text: string, params: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
    readRawResult<T>(await raw.unnamed(text, params, false), client.parsers, options).rows;
  await client.exec(`create table t (id int primary key, tag text, at timestamptz)`);
  await client.exec(`insert into t values (1, 'a', '2026-11-01T10:00:00Z'), (2, 'b', null), (3, 'c', '2026-11-02T10:00:00Z')`);
});
afterAll(async () => {
  await client?.close();
});

describe('pgliteRawStatements', () => {
  it('answers what query() answers, with the same parameters and parsed values, each time', async () => {
    const text = `select id, tag, at from t where tag = any($1::text[]) and ($2::int is null or id > $2) order by id`;
    const plain = await client.query(text, [['a', 'c'], null]);
    for (let i = 0; i < 3; i++) expect(await named('q1', text, [['a', 'c'], null])).toEqual(plain.rows);
    expect(await named('q1', text, [['a', 'b', 'c'], 1])).toEqual([
      { id: 2, tag: 'b', at: null },
      { id: 3, tag: 'c', at: new Date('2026-11-02T10:00:00Z') },
    ]);
  });

  it('unnamed: answers what query() answers, in both row modes, with the rows a write touched', async () => {
    const text = `select id, tag, at from t where tag = any($1::text[]) order by id`;
    expect(await unnamed(text, [['a', 'c']])).toEqual((await client.query(text, [['a', 'c']])).rows);
    expect(await unnamed(text, [['a']], { rowMode: 'array' })).toEqual((await client.query(text, [['a']], { rowMode: 'array' })).rows);
    const raw = pgliteRawStatements(client);
    const written = readRawResult(await raw.unnamed(`update t set tag = tag where id = any($1::int[])`, [[1, 2]], false), client.parsers);
    expect(written.affectedRows).toBe(2);
    await expect(unnamed('select nope from t', [])).rejects.toThrow(/nope/);
    await expect(unnamed('select 1 / $1::int as x', [0])).rejects.toThrow(/division by zero/);
    expect(await unnamed('select $1::int + 1 as x', [1])).toEqual([{ x: 2 }]);
  });

  it('is prepared once: the server holds it by name', async () => {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where name = 'q1'`);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses another text under a name, and a failing call leaves the connection usable', async () => {
    await expect(named('q1', 'select 1', [])).rejects.toThrow(/another text/);
    await expect(named('q2', 'select 1 / $1::int as x', [0])).rejects.toThrow(/division by zero/);
    expect(await named('q2', 'select 1 / $1::int as x', [1])).toEqual([{ x: 1 }]);
    expect((await client.query('select 2 as y')).rows).toEqual([{ y: 2 }]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const tx = heldTransaction(client, `update t set tag = 'z' where id = 1`, `update t set tag = 'a' where id = 1`);
    // Sent before the release on the same ordered port: it waits while the transaction holds the connection.
    const read = named<{ tag: string }>('q3', 'select tag from t where id = $1', [1]);
    tx.release();
    await tx.done;
    expect(await read).toEqual([{ tag: 'a' }]);
  });
});
