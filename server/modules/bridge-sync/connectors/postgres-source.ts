// Types only at load: the driver is loaded by the first PostgreSQL sync, not at every start (the
// embedded database's server never needs it).
import type pg from 'pg';
import { toSourceError } from './source-errors';
import { SOURCE_LIMITS, type SourceConfig, type SourceConnection } from './source-types';
import { sqlSource, type SourceDialect } from './sql-source';

/**
 * PostgreSQL's dialect: a `timestamp without time zone` column is taken as UTC (the session runs in
 * UTC); untyped text parameters take the column's own type, so both timestamp kinds compare right.
 */
const POSTGRES: SourceDialect = {
  requestColumns: `external_id::text as external_id, customer_id::text as customer_id, username::text as username,
  name::text as name, bonus_type::text as bonus_type, amount::text as amount, description::text as description,
  priority::text as priority, status::text as status, created_at::timestamptz as created_at,
  updated_at::timestamptz as updated_at, updated_at::text as cursor_at`,
  segmentColumn: `, customer_segment::text as customer_segment`,
  segmentProbe: `select 1 from information_schema.columns
  where table_name = 'bonus_requests' and column_name = 'customer_segment' and table_schema = any(current_schemas(false)) limit 1`,
  personnelColumns: `external_id::text as external_id, username::text as username, full_name::text as full_name,
  email::text as email, active`,
  placeholder: (n) => `$${n}`,
  time: (date) => date.toISOString(),
  after: (cursor, param) => `(updated_at, external_id) > (${param(cursor.updatedAt)}, ${param(cursor.externalId)})`,
};

/** A read-only session on a PostgreSQL project database (pg driver). */
export async function openPostgresSource(config: SourceConfig): Promise<SourceConnection> {
  const { default: driver } = await import('pg');
  const client = new driver.Client({
    host: config.host,
    port: config.port ?? 5432,
    database: config.database,
    user: config.user,
    password: config.password,
    connectionTimeoutMillis: SOURCE_LIMITS.connectTimeoutMs,
    // Client-side guard as well, for servers that ignore statement_timeout.
    query_timeout: SOURCE_LIMITS.statementTimeoutMs + 5_000,
    application_name: 'bonus-panel-bridge-sync',
  });
  // A dropped connection surfaces through the running query; this keeps it from crashing the process.
  client.on('error', () => undefined);
  let connected = false;
  try {
    await client.connect();
    connected = true;
    await client.query(`set time zone 'UTC'`);
    await client.query(`set statement_timeout = ${SOURCE_LIMITS.statementTimeoutMs}`);
    await client.query('set default_transaction_read_only = on');
    // One snapshot for the whole job: the count and every page agree.
    await client.query('begin isolation level repeatable read read only');
  } catch (err) {
    await closeQuietly(client, connected);
    throw toSourceError(err, config, connected ? 'query' : 'connect');
  }

  return sqlSource(POSTGRES, {
    async query(text, params) {
      try {
        return (await client.query(text, params)).rows as Record<string, unknown>[];
      } catch (err) {
        throw toSourceError(err, config);
      }
    },
    close: () => closeQuietly(client, true),
  });
}

async function closeQuietly(client: pg.Client, connected: boolean): Promise<void> {
  if (connected) await client.query('rollback').catch(() => undefined);
  // end() waits for the server's goodbye; a dead peer must not hold the job open.
  await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
}
