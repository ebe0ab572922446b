import { randomBytes } from 'node:crypto';
import type { ProjectDbType } from '@common/enums';
import type { SourceConfig } from '../connectors/source-types';
import { EmbeddedSourceServer } from '../embedded-source/embedded-source-server';
import { MYSQL_CONTRACT_SQL, mysqlReaderSql, POSTGRES_CONTRACT_SQL, postgresReaderSql } from '../external-contract-sql';

/** A request row of a test source; unset fields get plain defaults. */
export interface SourceRequest {
  external_id: string;
  customer_id?: string;
  username?: string | null;
  name?: string | null;
  bonus_type?: string;
  amount?: string;
  description?: string | null;
  priority?: number | null;
  status?: string;
  created_at?: Date;
  updated_at?: Date;
}

export interface SourcePerson {
  external_id: string;
  username: string;
  full_name: string;
  email?: string | null;
  active?: boolean;
}

/**
 * A project's external database for tests, with an admin handle to change it. The reader login in
 * `config` may only read (a real role with a password, except that PostgreSQL here trusts local
 * logins, so its password is not checked).
 */
export interface TestSource {
  kind: 'embedded' | 'postgres' | 'mysql';
  config: SourceConfig;
  /** Runs SQL as the admin of the source (placeholders: $1 on PostgreSQL, ? on MySQL). */
  exec(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The embedded source can also be held busy: a job then waits at connect, staying 'running'. */
export interface EmbeddedTestSource extends TestSource {
  server: EmbeddedSourceServer;
  /** Takes the one backend until the returned function is called. */
  hold(): Promise<() => void>;
}

const REQUEST_COLUMNS = ['external_id', 'customer_id', 'username', 'name', 'bonus_type', 'amount', 'description', 'priority', 'status', 'created_at', 'updated_at'] as const;
const PERSON_COLUMNS = ['external_id', 'username', 'full_name', 'email', 'active'] as const;

function requestValues(r: SourceRequest, kind: TestSource['kind']): unknown[] {
  const now = new Date();
  const time = (d: Date) => (kind === 'mysql' ? d.toISOString().replace('T', ' ').replace('Z', '') : d.toISOString());
  return [
    r.external_id,
    r.customer_id ?? `C-${r.external_id}`,
    r.username === undefined ? `oyuncu_${r.external_id.toLowerCase()}` : r.username,
    r.name === undefined ? 'Deniz Yılmaz' : r.name,
    r.bonus_type ?? 'cashback',
    r.amount ?? '100.00',
    r.description ?? null,
    r.priority === undefined ? 3 : r.priority,
    r.status ?? 'pending',
    time(r.created_at ?? now),
    time(r.updated_at ?? r.created_at ?? now),
  ];
}

function placeholders(kind: TestSource['kind'], rows: number, columns: number): string {
  let n = 0;
  const one = () => (kind === 'mysql' ? '?' : `$${++n}`);
  return Array.from({ length: rows }, () => `(${Array.from({ length: columns }, one).join(', ')})`).join(', ');
}

/** Inserts request rows in chunks (bulk, parameterised). */
export async function insertRequests(source: TestSource, rows: SourceRequest[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    const chunk = rows.slice(i, i + 1_000);
    await source.exec(
      `insert into bonus_requests (${REQUEST_COLUMNS.join(', ')}) values ${placeholders(source.kind, chunk.length, REQUEST_COLUMNS.length)}`,
      chunk.flatMap((r) => requestValues(r, source.kind)),
    );
  }
}

export async function insertPersonnel(source: TestSource, rows: SourcePerson[]): Promise<void> {
  if (!rows.length) return;
  await source.exec(
    `insert into personnel (${PERSON_COLUMNS.join(', ')}) values ${placeholders(source.kind, rows.length, PERSON_COLUMNS.length)}`,
    rows.flatMap((p) => [p.external_id, p.username, p.full_name, p.email ?? null, p.active ?? true]),
  );
}

/** `$1`-style SQL for the source's dialect. */
export function dialect(source: TestSource, sql: string): string {
  return source.kind === 'mysql' ? sql.replace(/\$\d+/g, '?') : sql;
}

/** Changes a row without moving its updated_at (only a forced full sync sees such a change). */
export async function changeQuietly(source: TestSource, externalId: string, amount: string): Promise<void> {
  if (source.kind === 'mysql') {
    await source.exec('update bonus_requests set amount = ?, updated_at = updated_at where external_id = ?', [amount, externalId]);
    return;
  }
  await source.exec('alter table bonus_requests disable trigger bonus_requests_touch');
  await source.exec('update bonus_requests set amount = $1 where external_id = $2', [amount, externalId]);
  await source.exec('alter table bonus_requests enable trigger bonus_requests_touch');
}

const secret = () => `Gizli-${randomBytes(9).toString('base64url')}`;

export async function embeddedSource(): Promise<EmbeddedTestSource> {
  const server = await EmbeddedSourceServer.start();
  const password = secret();
  await server.addDatabase('ext_test', { user: 'bridge_reader', password });
  return {
    kind: 'embedded',
    config: { dbType: 'postgresql', host: server.host, port: server.port, database: 'ext_test', user: 'bridge_reader', password },
    server,
    exec: (sql, params) => server.session('ext_test', async (db) => (await db.query(sql, params)).rows as Record<string, unknown>[]),
    hold: () =>
      new Promise((resolve) => {
        void server.session(null, () => new Promise<void>((release) => resolve(release)));
      }),
    close: () => server.stop(),
  };
}

/** A scratch database on the PostgreSQL of TEST_DATABASE_URL, dropped at close. */
export async function postgresSource(baseUrl: string): Promise<TestSource> {
  const { default: pg } = await import('pg');
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `bonus_ext_${suffix}`;
  const user = `bridge_reader_${suffix}`;
  const password = secret();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  const owner = new pg.Pool({ connectionString: url.toString(), max: 2 });
  for (const statement of [...POSTGRES_CONTRACT_SQL, ...postgresReaderSql(user, password)]) await owner.query(statement);
  return {
    kind: 'postgres',
    config: { dbType: 'postgresql', host: url.hostname, port: Number(url.port || 5432), database, user, password },
    exec: async (sql, params) => (await owner.query(sql, params)).rows,
    close: async () => {
      await owner.end();
      const drop = new pg.Client({ connectionString: baseUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${database} with (force)`);
      await drop.query(`drop role if exists ${user}`);
      await drop.end();
    },
  };
}

/** A scratch database on the MySQL / MariaDB of TEST_MYSQL_URL, dropped at close. */
export async function mysqlSource(baseUrl: string): Promise<TestSource> {
  const mysql = await import('mysql2/promise');
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `bonus_ext_${suffix}`;
  const user = `bridge_${suffix}`.slice(0, 32);
  const password = secret();
  const url = new URL(baseUrl);
  const admin = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    timezone: 'Z',
    multipleStatements: false,
  });
  await admin.query(`create database \`${database}\` character set utf8mb4`);
  await admin.query(`use \`${database}\``);
  await admin.query(`set session time_zone = '+00:00'`);
  for (const statement of [...MYSQL_CONTRACT_SQL, ...mysqlReaderSql(database, user, password)]) await admin.query(statement);
  const dbType: ProjectDbType = 'mysql';
  return {
    kind: 'mysql',
    config: { dbType, host: url.hostname, port: Number(url.port || 3306), database, user, password },
    exec: async (sql, params) => {
      const [rows] = await admin.query(sql, params);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    },
    close: async () => {
      await admin.query(`drop database if exists \`${database}\``);
      await admin.query(`drop user if exists '${user}'@'%'`);
      await admin.end();
    },
  };
}
