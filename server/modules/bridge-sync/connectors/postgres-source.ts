import pg from 'pg';
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
 * Columns of the contract, cast so every source reads alike: ids and texts as text, money as
 * exact text, times as timestamptz (a `timestamp without time zone` column is taken as UTC:
 * the session runs in UTC), and updated_at once more as text for the keyset cursor.
 */
const REQUEST_SELECT = `select external_id::text as external_id, customer_id::text as customer_id, username::text as username,
  name::text as name, bonus_type::text as bonus_type, amount::text as amount, description::text as description,
  priority::text as priority, status::text as status, created_at::timestamptz as created_at,
  updated_at::timestamptz as updated_at, updated_at::text as cursor_at`;
/** The contract's optional column (issue 11), read only when the source's table has it. */
const SEGMENT_SELECT = `, customer_segment::text as customer_segment`;
const SEGMENT_PROBE = `select 1 from information_schema.columns
  where table_name = 'bonus_requests' and column_name = 'customer_segment' and table_schema = any(current_schemas(false)) limit 1`;

const PERSONNEL_SELECT = `select external_id::text as external_id, username::text as username, full_name::text as full_name,
  email::text as email, active from personnel`;

function filterSql(filter: RequestFilter, after: RequestCursor | null, params: unknown[]): string {
  const parts: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Untyped text parameters take the column's own type, so both timestamp kinds compare right.
  if (filter.updatedSince) parts.push(`updated_at >= ${param(filter.updatedSince.toISOString())}`);
  if (filter.createdFrom) parts.push(`created_at >= ${param(filter.createdFrom.toISOString())}`);
  if (filter.createdBefore) parts.push(`created_at < ${param(filter.createdBefore.toISOString())}`);
  if (after) parts.push(`(updated_at, external_id) > (${param(after.updatedAt)}, ${param(after.externalId)})`);
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

/** A read-only session on a PostgreSQL project database (pg driver). */
export async function openPostgresSource(config: SourceConfig): Promise<SourceConnection> {
  const client = new pg.Client({
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
  const fail = (err: unknown) => toSourceError(err, config);
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

  const query = async (text: string, params: unknown[]) => {
    try {
      return (await client.query(text, params)).rows as Record<string, unknown>[];
    } catch (err) {
      throw fail(err);
    }
  };

  let segmentColumn: Promise<boolean> | undefined;
  const hasSegment = () => (segmentColumn ??= query(SEGMENT_PROBE, []).then((rows) => rows.length > 0));

  return {
    async countRequests(filter) {
      const params: unknown[] = [];
      const [row] = await query(`select count(*)::text as n from bonus_requests${filterSql(filter, null, params)}`, params);
      return Number(row?.n ?? 0);
    },
    async readRequests(filter, after, limit) {
      const params: unknown[] = [];
      const where = filterSql(filter, after, params);
      params.push(limit);
      const select = `${REQUEST_SELECT}${(await hasSegment()) ? SEGMENT_SELECT : ''} from bonus_requests`;
      const rows = await query(`${select}${where} order by updated_at, external_id limit $${params.length}`, params);
      const last = rows[rows.length - 1];
      return {
        rows: rows.map(requestRow),
        next: rows.length === limit && last ? { updatedAt: String(last.cursor_at), externalId: String(last.external_id) } : null,
      };
    },
    async readPersonnel(afterExternalId, limit) {
      const params: unknown[] = [];
      const where = afterExternalId === null ? '' : ` where external_id > $${params.push(afterExternalId)}`;
      params.push(limit);
      const rows = await query(`${PERSONNEL_SELECT}${where} order by external_id limit $${params.length}`, params);
      const mapped = rows.map(personRow);
      const last = rows[rows.length - 1];
      return { rows: mapped, next: rows.length === limit && last ? String(last.external_id) : null };
    },
    close: () => closeQuietly(client, true),
  };
}

async function closeQuietly(client: pg.Client, connected: boolean): Promise<void> {
  if (connected) await client.query('rollback').catch(() => undefined);
  // end() waits for the server's goodbye; a dead peer must not hold the job open.
  await Promise.race([client.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
}
