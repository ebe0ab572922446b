import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactPgliteParsers } from './pglite-parsers';

const own = { [types.INT8]: (v: string) => Number(v) };
let full: PGlite;
let compact: PGlite;

beforeAll(async () => {
  [full, compact] = await Promise.all([PGlite.create({ parsers: own }), PGlite.create({ parsers: own })]);
  await compactPgliteParsers(compact, own);
});
afterAll(async () => {
  await Promise.all([full?.close(), compact?.close()]);
});

/** One value of each type a query of ours returns, and an array of each (NULLs and quoting included). */
const EVERY_TYPE = `select
  true as b, 12::int2 as i2, 123::int4 as i4, 9007199254740991::int8 as i8, 1.5::float4 as f4, 2.25::float8 as f8,
  12.50::numeric as num, 'şık "metin"'::text as t, 'v'::varchar as v, 'c'::bpchar as c, 'n'::name as nm, 'x'::"char" as ch,
  '{"a":[1,{"b":null}]}'::json as j, '{"a":1}'::jsonb as jb, '2026-11-26'::date as d, '10:30'::time as tm,
  '2026-11-26 10:30:00.123456'::timestamp as ts, '2026-11-26 10:30:00.123456+03'::timestamptz as tstz,
  '1 day 02:00'::interval as iv, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid as u, '10.0.0.1'::inet as ip, 26::oid as o,
  '\\x00ff'::bytea as by,
  array[true, null, false] as ab, array[1, null, 3]::int2[] as ai2, array[1, 2]::int4[] as ai4, array[9007199254740991, null]::int8[] as ai8,
  array[1.5]::float4[] as af4, array[2.25]::float8[] as af8, array[12.5, null]::numeric[] as anum,
  array['a,b', 'say "hi"', null, 'NULL', '{x}']::text[] as at, array['v']::varchar[] as av, array['nm']::name[] as anm,
  array['{"a":1}'::json] as aj, array['{"b":[2]}'::jsonb, null] as ajb, array['2026-11-26'::date] as ad,
  array['2026-11-26 10:30'::timestamp] as ats, array['2026-11-26 10:30+03'::timestamptz, null] as atstz,
  array['1 day'::interval] as aiv, array['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid] as au, array['10.0.0.1'::inet] as aip,
  array[array[1, 2], array[3, 4]]::int4[] as nested, '{}'::int4[] as empty`;

/** The parsers drizzle sends with each of its queries (drizzle-orm/pglite/session.js): dates and intervals as text. */
const drizzleParsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v]));

describe('compactPgliteParsers', () => {
  it('keeps a small table, so a query that brings its own parsers no longer copies 300 of them', () => {
    expect(Object.keys((full as unknown as { parsers: object }).parsers).length).toBeGreaterThan(250);
    expect(Object.keys((compact as unknown as { parsers: object }).parsers).length).toBeLessThan(30);
  });

  it('parses every type and array the product returns exactly as the full table does', async () => {
    const expected = (await full.query(EVERY_TYPE)).rows[0] as Record<string, unknown>;
    const actual = (await compact.query(EVERY_TYPE)).rows[0] as Record<string, unknown>;
    expect(actual).toEqual(expected);
    // Spot checks that the values are parsed, not merely equal.
    expect(actual.i8).toBe(9007199254740991);
    expect(actual.ai4).toEqual([1, 2]);
    expect(actual.ai8).toEqual([9007199254740991, null]);
    expect(actual.at).toEqual(['a,b', 'say "hi"', null, 'NULL', '{x}']);
    expect(actual.ajb).toEqual([{ b: [2] }, null]);
    expect(actual.atstz).toEqual([new Date('2026-11-26T07:30:00Z'), null]);
    expect(actual.nested).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('answers queries that bring their own parsers (as drizzle does) as before, in both row modes', async () => {
    for (const rowMode of ['object', 'array'] as const) {
      const expected = (await full.query(EVERY_TYPE, [], { rowMode, parsers: drizzleParsers })).rows;
      expect((await compact.query(EVERY_TYPE, [], { rowMode, parsers: drizzleParsers })).rows).toEqual(expected);
    }
    const [row] = (await compact.query<{ tstz: unknown; atstz: unknown }>(EVERY_TYPE, [], { parsers: drizzleParsers })).rows;
    expect(typeof row!.tstz).toBe('string');
    expect(row!.atstz).toBe('{"2026-11-26 07:30:00+00",NULL}');
  });

  it('still serializes array and JSON parameters', async () => {
    const { rows } = await compact.query<{ n: number; j: unknown }>('select cardinality($1::int4[]) as n, $2::jsonb as j', [[1, 2, 3], { a: 'ş' }]);
    expect(rows[0]).toEqual({ n: 3, j: { a: 'ş' } });
  });
});
