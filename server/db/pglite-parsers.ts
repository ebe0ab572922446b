import { types, type PGlite } from '@electric-sql/pglite';

type Parser = (value: string, typeId?: number) => unknown;

/** Ours over PGlite's defaults: a bigint (counts, sums) is a number, as on PostgreSQL through pg. */
export const OWN_PARSERS: Record<number, Parser> = { [types.INT8]: (v: string) => Number(v) };

/**
 * The element types whose arrays a query of this product may return (pg_catalog OIDs):
 * bool, bytea, "char", name, int8, int2, int4, text, oid, json, float4, float8, inet, bpchar,
 * varchar, date, time, timestamp, timestamptz, interval, timetz, numeric, uuid, jsonb.
 */
const ARRAY_ELEMENT_TYPES = [16, 17, 18, 19, 20, 21, 23, 25, 26, 114, 700, 701, 869, 1042, 1043, 1082, 1083, 1114, 1184, 1186, 1266, 1700, 2950, 3802];

/**
 * Gives PGlite a small parser table: the given parsers, and array parsers for the element types
 * above only.
 *
 * Why: PGlite fills `client.parsers` with a parser for every array type in pg_type (318 entries
 * with our extensions), and every query that brings its own parsers — each one drizzle sends —
 * is answered by first copying that table (`{ ...client.parsers, ...options.parsers }`): 185 µs
 * of the API's thread per query, a sixth of a whole request on the embedded database. The
 * types outside the table still parse as before, since PGlite falls back to its default parser
 * of a base type; an array of a type not listed above would arrive as its text, and this
 * product returns none.
 */
export async function compactPgliteParsers(client: PGlite, own: Record<number, Parser>): Promise<ArrayTypeRow[]> {
  const { rows } = await client.query<ArrayTypeRow>(
    'select oid::int as oid, typarray::int as typarray from pg_type where oid = any($1::oid[]) and typarray <> 0',
    [ARRAY_ELEMENT_TYPES],
  );
  (client as unknown as { parsers: Record<number, Parser> }).parsers = compactParserTable(rows, own);
  return rows;
}

/** An element type and its array type, as pg_type holds them. */
export interface ArrayTypeRow {
  oid: number;
  typarray: number;
}

/** The given parsers, and an array parser for each listed element type (the same table on any thread). */
export function compactParserTable(rows: readonly ArrayTypeRow[], own: Record<number, Parser>): Record<number, Parser> {
  const defaults = types.parsers as Record<number, Parser | undefined>;
  const table: Record<number, Parser> = { ...own };
  for (const { oid, typarray } of rows) {
    const element = own[oid] ?? defaults[oid];
    table[typarray] = (value) => types.arrayParser(value, element as never, typarray);
  }
  return table;
}
