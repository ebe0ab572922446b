import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createEmbeddedTestDatabase } from './test-database';
import { sqlArray } from './sql-arrays';

describe('sqlArray: a whole column as one array parameter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createEmbeddedTestDatabase();
  });
  afterAll(() => database.close());

  const roundTrip = async (values: (string | null)[]) => {
    const result = await database.db.execute(sql`select u.v from unnest(${sqlArray(values, 'text')}) with ordinality as u(v, n) order by u.n`);
    return (result as unknown as { rows: { v: string | null }[] }).rows.map((r) => r.v);
  };

  it('keeps every text as written: quotes, backslashes, commas, braces, the word NULL, spaces and Turkish letters', async () => {
    const values = ['plain', 'çağrı Şükrü İĞ', 'a"b', 'back\\slash', '\\"both\\"', 'x,y', '{braces}', 'NULL', '', '  spaced  ', null, 'tab\there'];
    expect(await roundTrip(values)).toEqual(values);
  });

  it('numbers and times arrive as their values', async () => {
    const at = new Date('2026-11-26T07:30:00.123Z');
    const result = await database.db.execute(
      sql`select a, b::text as b, c from unnest(${sqlArray([1, -2, null], 'int')}, ${sqlArray([12.5, 0, 1e3], 'numeric')}, ${sqlArray([at, null, at], 'timestamptz')}) as u(a, b, c)`,
    );
    const rows = (result as unknown as { rows: { a: number | null; b: string; c: Date | string | null }[] }).rows;
    expect(rows.map((r) => r.a)).toEqual([1, -2, null]);
    expect(rows.map((r) => Number(r.b))).toEqual([12.5, 0, 1000]);
    expect(rows.map((r) => (r.c === null ? null : new Date(r.c).toISOString()))).toEqual([at.toISOString(), null, at.toISOString()]);
  });
});
