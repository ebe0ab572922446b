import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from './client';
import { SchemaBehindCodeError, SchemaNewerThanCodeError } from './migrations-runner';

const KNOWN = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const LATEST = Math.max(...KNOWN.map((m) => m.folderMillis));
const base = process.env.TEST_DATABASE_URL;
if (!base) console.warn('migrations-runner: TEST_DATABASE_URL is not set; the concurrent migration test on PostgreSQL is skipped');

/** A migration a newer release applied: this code does not know it. */
async function applyNewerRelease(database: Database): Promise<void> {
  await database.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', ['from-a-newer-release', LATEST + 86_400_000]);
}

describe('schema version at start (embedded database)', () => {
  it('an instance whose code is older than the schema refuses to start, with a clear message', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bonus-schema-')), 'pg');
    const first = await openPglite(dir);
    await applyNewerRelease(first);
    await first.close();
    const opened = openPglite(dir);
    await expect(opened).rejects.toBeInstanceOf(SchemaNewerThanCodeError);
    await expect(opened).rejects.toThrow(/Veritabanı şeması bu sürümden yeni .*eski sürüm başlatılmadı/);
  }, 300_000);

  it("with MIGRATE_ON_START=false ('verify') a schema behind the code is refused, pointing at npm run migrate", async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bonus-schema-')), 'pg');
    const first = await openPglite(dir);
    await first.query('delete from drizzle.__drizzle_migrations where created_at = $1', [LATEST]);
    await first.close();
    const verified = openPglite(dir, 'verify');
    await expect(verified).rejects.toBeInstanceOf(SchemaBehindCodeError);
    await expect(verified).rejects.toThrow(/npm run migrate/);
  }, 300_000);
});

describe.skipIf(!base)('migrations with several instances (PostgreSQL, needs TEST_DATABASE_URL)', () => {
  async function freshDatabase() {
    const name = `bonus_migrate_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const drop = new pg.Client({ connectionString: base });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }

  it('ten instances starting together on a fresh database migrate it once; all of them start', async () => {
    const fresh = await freshDatabase();
    try {
      const opened = await Promise.allSettled(Array.from({ length: 10 }, () => openPostgres(fresh.url, 2)));
      const failures = opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      const databases = opened.map((o) => (o as PromiseFulfilledResult<Database>).value);
      const [row] = await databases[0]!.query<{ n: number; distinct_hashes: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(row).toEqual({ n: KNOWN.length, distinct_hashes: KNOWN.length });
      await Promise.all(databases.map((d) => d.close()));
    } finally {
      await fresh.drop();
    }
  }, 120_000);

  it('an instance whose code is older than the schema refuses to start', async () => {
    const fresh = await freshDatabase();
    try {
      const current = await openPostgres(fresh.url, 2);
      await applyNewerRelease(current);
      await current.close();
      await expect(openPostgres(fresh.url, 2)).rejects.toThrow(/Veritabanı şeması bu sürümden yeni/);
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
