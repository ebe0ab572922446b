import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createEmbeddedTestDatabase } from './test-database';
import { analyzeStaleTables, isStale, needsVacuum } from './statistics';

describe('analyzeStaleTables (embedded database)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createEmbeddedTestDatabase();
    await database.query('create table stats_probe (id serial primary key, v text)');
  });
  afterAll(() => database.close());

  const planned = async () => (await database.query<{ n: number }>(`select count(*)::int as n from pg_stats where tablename = 'stats_probe'`))[0]!.n;

  it('analyses a table that has rows and no statistics, then leaves it alone until it changes by a tenth', async () => {
    await database.query(`insert into stats_probe (v) select repeat('x', 100) from generate_series(1, 5000)`);
    expect(await planned()).toBe(0);
    expect(await analyzeStaleTables(database)).toContain('stats_probe');
    expect(await planned()).toBeGreaterThan(0);
    expect(await analyzeStaleTables(database)).not.toContain('stats_probe');

    // 3% more rows: not yet stale.
    await database.query(`insert into stats_probe (v) select repeat('y', 100) from generate_series(1, 150)`);
    expect(await analyzeStaleTables(database)).not.toContain('stats_probe');
    // Updating every row writes a new version of each (no autovacuum reclaims the old ones): stale.
    await database.query(`update stats_probe set v = repeat('z', 100)`);
    expect(await analyzeStaleTables(database)).toContain('stats_probe');
    const [row] = await database.query<{ reltuples: number; visible: number; pages: number }>(
      `select reltuples::float8 as reltuples, relallvisible as visible, relpages as pages from pg_class where relname = 'stats_probe'`,
    );
    expect(row!.reltuples).toBe(5150);
    // Vacuumed too (PGlite has no autovacuum): every page is marked all-visible.
    expect(row!.visible).toBe(row!.pages);
  });

  it('an empty table is not analysed; a small change of a large one is not stale', () => {
    expect(isStale({ analysedPages: 0, reltuples: -1, pages: 0 })).toBe(false);
    expect(isStale({ analysedPages: 1000, reltuples: 1e5, pages: 1090 })).toBe(false);
    expect(isStale({ analysedPages: 1000, reltuples: 1e5, pages: 1110 })).toBe(true);
    expect(isStale({ analysedPages: 2, reltuples: 10, pages: 5 })).toBe(false);
  });

  it('a heap mostly not all-visible needs a vacuum where nothing else vacuums (a fresh bulk import)', () => {
    expect(needsVacuum({ pages: 32_185, allVisible: 0 })).toBe(true);
    expect(needsVacuum({ pages: 32_185, allVisible: 30_000 })).toBe(false);
    expect(needsVacuum({ pages: 3, allVisible: 0 })).toBe(false);
  });
});
