import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Database } from './client';

/**
 * A fresh, migrated database for one test file: a new database on the
 * PostgreSQL of TEST_DATABASE_URL when set, else an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPglite();
  const name = `bonus_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
