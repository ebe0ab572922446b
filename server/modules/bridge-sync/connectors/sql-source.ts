import { personRow, requestRow, type RequestCursor, type RequestFilter, type SourceConnection } from './source-types';

/**
 * What differs between the SQL of a PostgreSQL and a MySQL / MariaDB project database. The reads
 * themselves (count, keyset pages of requests, pages of personnel) are one body, `sqlSource`.
 */
export interface SourceDialect {
  /**
   * The contract's request columns, cast so every source reads alike: ids and texts as text, money
   * as exact text, times as UTC instants, and updated_at once more as `cursor_at`, text precise to
   * the microsecond, for the keyset cursor.
   */
  requestColumns: string;
  /** The contract's optional column, read only when the source's table has it. */
  segmentColumn: string;
  /** Answers a row when the source's bonus_requests has customer_segment. */
  segmentProbe: string;
  personnelColumns: string;
  /** The text of the n-th parameter (1-based). */
  placeholder(n: number): string;
  /** A time as a parameter the source's time columns compare with (the session runs in UTC). */
  time(date: Date): string;
  /** Rows after the cursor in (updated_at, external_id) order; `param` adds a parameter and answers its text. */
  after(cursor: RequestCursor, param: (value: unknown) => string): string;
}

/** One open read-only session of a driver: its query, and how it ends. */
export interface SourceSession {
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The reads of the bridge sync on a source database, in the dialect of its driver. */
export function sqlSource(dialect: SourceDialect, session: SourceSession): SourceConnection {
  // A statement's parameters: `param` pushes one and answers its placeholder.
  const statement = () => {
    const params: unknown[] = [];
    const param = (value: unknown) => dialect.placeholder(params.push(value));
    return { params, param };
  };
  const where = (filter: RequestFilter, after: RequestCursor | null, param: (value: unknown) => string) => {
    const parts: string[] = [];
    if (filter.updatedSince) parts.push(`updated_at >= ${param(dialect.time(filter.updatedSince))}`);
    if (filter.createdFrom) parts.push(`created_at >= ${param(dialect.time(filter.createdFrom))}`);
    if (filter.createdBefore) parts.push(`created_at < ${param(dialect.time(filter.createdBefore))}`);
    if (after) parts.push(dialect.after(after, param));
    return parts.length ? ` where ${parts.join(' and ')}` : '';
  };

  let segmentColumn: Promise<boolean> | undefined;
  const hasSegment = () => (segmentColumn ??= session.query(dialect.segmentProbe, []).then((rows) => rows.length > 0));

  return {
    async countRequests(filter) {
      const { params, param } = statement();
      const [row] = await session.query(`select count(*) as n from bonus_requests${where(filter, null, param)}`, params);
      return Number(row?.n ?? 0);
    },
    async readRequests(filter, after, limit) {
      const { params, param } = statement();
      const columns = `${dialect.requestColumns}${(await hasSegment()) ? dialect.segmentColumn : ''}`;
      const text = `select ${columns} from bonus_requests${where(filter, after, param)} order by updated_at, external_id limit ${param(limit)}`;
      const rows = await session.query(text, params);
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(requestRow),
        next: rows.length === limit && last ? { updatedAt: String(last.cursor_at), externalId: String(last.external_id) } : null,
      };
    },
    async readPersonnel(afterExternalId, limit) {
      const { params, param } = statement();
      const after = afterExternalId === null ? '' : ` where external_id > ${param(afterExternalId)}`;
      const rows = await session.query(`select ${dialect.personnelColumns} from personnel${after} order by external_id limit ${param(limit)}`, params);
      const last = rows[rows.length - 1];
      return { rows: rows.map(personRow), next: rows.length === limit && last ? String(last.external_id) : null };
    },
    close: () => session.close(),
  };
}
