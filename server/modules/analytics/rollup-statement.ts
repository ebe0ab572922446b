import type { DayRange } from '@common/analytics';
import type { Database } from '../../db/client';

/** The rows of a roll-up table for the project ($1) and the range's days ($2, $3). */
export const IN_RANGE = 'project_id = $1 and day between $2::date and $3::date';

/**
 * One part of an analytics answer: an SQL expression over $1 (project), $2 and $3 (first and last
 * local day) whose value is JSON, and what to make of it. Money stays exact: parts write amounts as
 * text, never as JSON numbers.
 */
export interface RollupPart<T> {
  sql: string;
  read: (json: unknown) => T;
}

export const rollupPart = <T>(sql: string, read: (json: unknown) => T): RollupPart<T> => ({ sql, read });

type Answers<P extends Record<string, RollupPart<unknown>>> = { [K in keyof P]: P[K] extends RollupPart<infer T> ? T : never };

/**
 * Reads every part of an answer in ONE statement: on this kind of machine each round trip to
 * PostgreSQL costs more CPU (the kernel's send, the driver's parse) than the roll-up reads
 * themselves, so a report that asked five questions in five statements spent most of its time
 * asking. Each part is a scalar subquery written as JSON text; PostgreSQL plans them together.
 * The statement is prepared by name, so it is planned once per connection.
 */
export async function readRollups<P extends Record<string, RollupPart<unknown>>>(
  database: Database,
  name: string,
  projectId: number,
  range: DayRange,
  parts: P,
): Promise<Answers<P>> {
  const keys = Object.keys(parts);
  const text = `select ${keys.map((k, i) => `(${parts[k]!.sql})::text as p${i}`).join(',\n')}`;
  const [row] = await database.query<Record<string, string | null>>(text, [projectId, range.from, range.to], { name: `rollups_${name}` });
  const answers: Record<string, unknown> = {};
  keys.forEach((k, i) => {
    const raw = row?.[`p${i}`];
    answers[k] = parts[k]!.read(raw === null || raw === undefined ? null : JSON.parse(raw));
  });
  return answers as Answers<P>;
}
