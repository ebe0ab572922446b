// Types only at load: the driver is loaded by the first MySQL sync, not at every start.
import type mysql from 'mysql2/promise';
import { toSourceError } from './source-errors';
import { SOURCE_LIMITS, type SourceConfig, type SourceConnection } from './source-types';
import { sqlSource, type SourceDialect } from './sql-source';

/** 'YYYY-MM-DD HH:MM:SS.mmm' in UTC: what a DATETIME compares with in a UTC session. */
function mysqlTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * MySQL / MariaDB's dialect: the session runs in UTC and DATETIME values are read as UTC; the
 * cursor's updated_at is text with microseconds.
 */
const MYSQL: SourceDialect = {
  requestColumns: `cast(external_id as char) as external_id, cast(customer_id as char) as customer_id,
  username, name, cast(bonus_type as char) as bonus_type, cast(amount as char) as amount, description,
  cast(priority as char) as priority, cast(status as char) as status, created_at, updated_at,
  date_format(updated_at, '%Y-%m-%d %H:%i:%s.%f') as cursor_at`,
  segmentColumn: `, cast(customer_segment as char) as customer_segment`,
  segmentProbe: `select 1 as found from information_schema.columns
  where table_schema = database() and table_name = 'bonus_requests' and column_name = 'customer_segment' limit 1`,
  personnelColumns: `cast(external_id as char) as external_id, username, full_name, email, active`,
  placeholder: () => '?',
  time: mysqlTime,
  // Expanded rather than a row comparison: MySQL uses the (updated_at, external_id) index for it.
  after: (cursor, param) =>
    `(updated_at > ${param(cursor.updatedAt)} or (updated_at = ${param(cursor.updatedAt)} and external_id > ${param(cursor.externalId)}))`,
};

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

  return sqlSource(MYSQL, { query, close: () => closeQuietly(connection) });
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
