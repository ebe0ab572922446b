
/**
 * Schema migrations with several instances: applied under a PostgreSQL advisory lock (instances
 * starting together migrate once, the others wait and then find nothing to do), and refused by an
 * instance whose code is older than the database's schema (it would write rows the newer schema
 * does not expect, or miss columns it now needs).
 */

/** Any fixed 64-bit number, the same in every release: "bonus-panel migrations". */
export const MIGRATION_LOCK_KEY = 7_311_592_804_113_377;

export type RunQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface SchemaState {
  /** Migrations this code knows, and the newest one's timestamp. */
  known: number;
  knownLatest: number;
  /** Migrations recorded in the database, and the newest one's timestamp (0 when none). */
  applied: number;
  appliedLatest: number;
}

export class SchemaNewerThanCodeError extends Error {
  constructor(state: SchemaState) {
    super(
      `Veritabanı şeması bu sürümden yeni (veritabanında ${state.applied} geçiş, bu sürümde ${state.known}; ` +
        `son geçiş ${new Date(state.appliedLatest).toISOString()}): daha yeni sürümü çalıştırın, eski sürüm başlatılmadı.`,
    );
    this.name = 'SchemaNewerThanCodeError';
  }
}

export class SchemaBehindCodeError extends Error {
  constructor(state: SchemaState) {
    super(`Veritabanı şeması eski (${state.applied}/${state.known} geçiş uygulanmış): önce 'npm run migrate' çalıştırın.`);
    this.name = 'SchemaBehindCodeError';
  }
}

const knownCache = new Map<string, { count: number; latest: number }>();

async function knownMigrations(folder: string) {
  let known = knownCache.get(folder);
  if (!known) {
    // Loaded here, not with this file: server/main.ts loads it before the embedded database has started.
    const { readMigrationFiles } = await import('drizzle-orm/migrator');
    const files = readMigrationFiles({ migrationsFolder: folder });
    known = { count: files.length, latest: Math.max(0, ...files.map((m) => m.folderMillis)) };
    knownCache.set(folder, known);
  }
  return known;
}

/** What the database holds against what this code knows (no table yet: nothing applied). */
export async function readSchemaState(query: RunQuery, folder: string): Promise<SchemaState> {
  const known = await knownMigrations(folder);
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let applied = 0;
  let appliedLatest = 0;
  if (table?.present) {
    const [row] = await query('select count(*)::int as n, coalesce(max(created_at), 0)::float8 as latest from drizzle.__drizzle_migrations');
    applied = Number(row?.n ?? 0);
    appliedLatest = Number(row?.latest ?? 0);
  }
  return { known: known.count, knownLatest: known.latest, applied, appliedLatest };
}

/** Newer schema than code: refuse. Returns whether migrations are still to apply. */
export function assertNotNewer(state: SchemaState): { behind: boolean } {
  if (state.appliedLatest > state.knownLatest) throw new SchemaNewerThanCodeError(state);
  return { behind: state.appliedLatest < state.knownLatest };
}

/** Migrations are current for this code: every one it knows is applied (a newer schema also counts). */
export function isCurrent(state: SchemaState): boolean {
  return state.appliedLatest >= state.knownLatest;
}

/**
 * On one dedicated PostgreSQL connection: take the advisory lock (waiting for another instance's
 * migration to finish), check the schema is not newer than the code, apply what is missing,
 * release. A session lock, not a transaction one: drizzle's migrator runs its own transaction.
 */
export async function migrateUnderLock(connection: { query: RunQuery }, folder: string, apply: () => Promise<void>): Promise<SchemaState> {
  await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  try {
    const state = await readSchemaState(connection.query, folder);
    if (assertNotNewer(state).behind) await apply();
    return await readSchemaState(connection.query, folder);
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  }
}
