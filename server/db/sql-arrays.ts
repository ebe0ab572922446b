import { sql, type SQL } from 'drizzle-orm';

type Element = string | number | boolean | Date | null | undefined;

const NEEDS_ESCAPE = /["\\]/;

function element(value: Element): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A sync batch sends tens of thousands of elements: most need no escaping, and skip the two replaces.
  return NEEDS_ESCAPE.test(text) ? `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${text}"`;
}

/**
 * One bind parameter holding a whole column as a PostgreSQL array literal, cast to `type[]`.
 * Drizzle's sql template would spread a JS array into one parameter per element; bulk
 * statements (`unnest`) need the column as a single parameter, on PGlite and pg alike.
 */
export function sqlArray(values: readonly Element[], type: 'text' | 'int' | 'numeric' | 'smallint' | 'timestamptz' | 'boolean' | 'jsonb'): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(type)}[]`;
}
