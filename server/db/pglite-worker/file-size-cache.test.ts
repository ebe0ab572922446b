import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheFileSizes, type EmscriptenFs } from './file-size-cache';

/**
 * PGlite on a data folder (NODEFS), as the product runs it, with the size cache installed: what
 * PostgreSQL believes of each file's size must be what the file has on disk after every kind of
 * change, and a statement asked again must not ask the system for sizes again.
 */
let dir: string;
let pg: PGlite;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'size-cache-'));
  pg = await PGlite.create({ dataDir: dir });
  expect(cacheFileSizes(pg.Module.FS as unknown as EmscriptenFs)).toBe(true);
  await pg.exec(`create table t (id int primary key, pad text not null)`);
}, 120_000);
afterAll(async () => {
  await pg?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The table's size as PostgreSQL reads it (an lseek to the end of its file), after a checkpoint
 * has written every page, checked against the size the disk has.
 */
async function agreedSize(table: string) {
  await pg.query('checkpoint');
  const [row] = (await pg.query<{ size: number; file: string }>(`select pg_relation_size($1)::int as size, pg_relation_filepath($1) as file`, [table])).rows;
  expect(row!.size).toBe(fs.statSync(path.join(dir, row!.file)).size);
  return row!.size;
}
const count = async () => (await pg.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0]!.n;
const fill = (from: number, to: number) => pg.query(`insert into t select g, repeat('x', 500) from generate_series($1::int, $2::int) g`, [from, to]);

describe('the file size cache of the embedded database', () => {
  it('asks the system for a size once, not on every statement that plans or scans the table', async () => {
    await fill(1, 100);
    await pg.query('checkpoint');
    await count();
    const fstat = vi.spyOn(fs, 'fstatSync');
    try {
      for (let i = 0; i < 20; i++) await count();
      // Without the cache each count's plan and scan asked the size of the table and its index.
      expect(fstat.mock.calls.length).toBeLessThan(5);
    } finally {
      fstat.mockRestore();
    }
  });

  it('sees the table grow: a scan after an insert that extends it reads every new page', async () => {
    const before = await agreedSize('t');
    await fill(101, 3_000);
    expect(await agreedSize('t')).toBeGreaterThan(before);
    expect(await count()).toBe(3_000);
  });

  it('sees it shrink: VACUUM cutting empty pages off the end, then TRUNCATE and new rows', async () => {
    await pg.query('delete from t where id > 50');
    await pg.query('vacuum t');
    const shrunk = await agreedSize('t');
    expect(await count()).toBe(50);

    await pg.query('truncate t');
    expect(await count()).toBe(0);
    await fill(1, 2_000);
    expect(await agreedSize('t')).toBeGreaterThan(shrunk);
    expect(await count()).toBe(2_000);
  });

  it('keeps the data across a restart of the database on the same folder', async () => {
    await pg.close();
    pg = await PGlite.create({ dataDir: dir });
    cacheFileSizes(pg.Module.FS as unknown as EmscriptenFs);
    expect(await count()).toBe(2_000);
    await fill(2_001, 4_000);
    expect(await count()).toBe(4_000);
  }, 120_000);
});
