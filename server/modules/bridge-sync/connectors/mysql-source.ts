// Types only at load: the driver is loaded by the first MySQL sync, not at every start.
import type mysql from 'mysql2/promise';
import { toSourceError } from './source-errors';
import {
  personRow,
  requestRow,
  SOURCE_LIMITS,
  type RequestCursor,
  type RequestFilter,
  type SourceConfig,
  type SourceConnection,
} from './source-types';

/**
 * The contract's columns on MySQL / MariaDB. The session runs in UTC and DATETIME values are read
 * as UTC; updated_at is also read as text with microseconds for the keyset cursor.
 */
const REQUEST_SELECT = `select cast(external_id as char) as external_id, cast(customer_id as char) as customer_id,
  username, name, cast(bonus_type as char) as bonus_type, cast(amount as char) as amount, description,
  cast(priority as char) as priority, cast(status as char) as status, created_at, updated_at,
  date_format(updated_at, '%Y-%m-%d %H:%i:%s.%f') as cursor_at`;
/** The contract's optional column (issue 11), read only when the source's table has it. */
const SEGMENT_SELECT = `, cast(customer_segment as char) as customer_segment`;
const SEGMENT_PROBE = `select 1 as found from information_schema.columns
  where table_schema = database() and table_name = 'bonus_requests' and column_name = 'customer_segment' limit 1`;

const PERSONNEL_SELECT = `select cast(external_id as char) as external_id, username, full_name, email, active from personnel`;

/** 'YYYY-MM-DD HH:MM:SS.mmm' in UTC: what a DATETIME compares with in a UTC session. */
function mysqlTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

function filterSql(filter: RequestFilter, after: RequestCursor | null, params: unknown[]): string {
  const parts: string[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    parts.push(condition);
    params.push(...values);
  };
  if (filter.updatedSince) add('updated_at >= ?', mysqlTime(filter.updatedSince));
  if (filter.createdFrom) add('created_at >= ?', mysqlTime(filter.createdFrom));
  if (filter.createdBefore) add('created_at < ?', mysqlTime(filter.createdBefore));
  if (after) {
    // Expanded rather than a row comparison: MySQL uses the (updated_at, external_id) index for it.
    add('(updated_at > ? or (updated_at = ? and external_id > ?))', after.updatedAt, after.updatedAt, after.externalId);
  }
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

/** A read-only session on a MySQL or MariaDB project database (mysql2 driver). */
export async function openMysqlSource(config: SourceConfig): Promise<SourceConnection> {
  const fail = (err: unknown) => toSourceError(err, config);
  let connection: mysql.Connection;
  try {
    const { default: driver } = await import('mysql2/promise');
    connection = await driver.createConnection({
      host: config.host,
      port: config.port ?? 3306,
      user: config.user,
      password: config.password,
      database: config.database,
      connectTimeout: SOURCE_LIMITS.connectTimeoutMs,
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      charset: 'utf8mb4',
    });
  } catch (err) {
    throw toSourceError(err, config, 'connect');
  }
  connection.on('error', () => undefined);
  const timeout = SOURCE_LIMITS.statementTimeoutMs;
  const query = async (sql: string, params: unknown[] = []) => {
    try {
      const [rows] = await connection.query({ sql, values: params, timeout });
      return rows as Record<string, unknown>[];
    } catch (err) {
      throw fail(err);
    }
  };
  try {
    await query(`set session time_zone = '+00:00'`);
    // MariaDB and MySQL name the server-side statement limit differently; each ignores the other's.
    await connection.query(`set session max_statement_time = ${timeout / 1000}`).catch(() => undefined);
    await connection.query(`set session max_execution_time = ${timeout}`).catch(() => undefined);
    await query('set session transaction read only');
    await query('set session transaction isolation level repeatable read');
    await query('start transaction with consistent snapshot, read only');
  } catch (err) {
    await closeQuietly(connection);
    throw err;
  }

  let segmentColumn: Promise<boolean> | undefined;
  const hasSegment = () => (segmentColumn ??= query(SEGMENT_PROBE).then((rows) => rows.length > 0));

  return {
    async countRequests(filter) {
      const params: unknown[] = [];
      const [row] = await query(`select count(*) as n from bonus_requests${filterSql(filter, null, params)}`, params);
      return Number(row?.n ?? 0);
    },
    async readRequests(filter, after, limit) {
      const params: unknown[] = [];
      const where = filterSql(filter, after, params);
      params.push(limit);
      const select = `${REQUEST_SELECT}${(await hasSegment()) ? SEGMENT_SELECT : ''} from bonus_requests`;
      const rows = await query(`${select}${where} order by updated_at, external_id limit ?`, params);
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(requestRow),
        next: rows.length === limit && last ? { updatedAt: String(last.cursor_at), externalId: String(last.external_id) } : null,
      };
    },
    async readPersonnel(afterExternalId, limit) {
      const params: unknown[] = [];
      const where = afterExternalId === null ? '' : ' where external_id > ?';
      if (afterExternalId !== null) params.push(afterExternalId);
      params.push(limit);
      const rows = await query(`${PERSONNEL_SELECT}${where} order by external_id limit ?`, params);
      const mapped = rows.map(personRow);
      const last = rows[rows.length - 1];
      return { rows: mapped, next: rows.length === limit && last ? String(last.external_id) : null };
    },
    close: () => closeQuietly(connection),
  };
}

async function closeQuietly(connection: mysql.Connection): Promise<void> {
  await connection.query('rollback').catch(() => undefined);
  const ended = await Promise.race([
    connection.end().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
  ]);
  if (!ended) connection.destroy();
}
