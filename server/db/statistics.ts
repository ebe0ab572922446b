/** What the statistics keeper needs of the database (client.ts's Database has it; not imported, client.ts imports this file). */
type Database = {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
};

/** A table is analysed again once its heap has grown or shrunk by this fraction since the last ANALYZE. */
export const STALE_FRACTION = 0.1;
/** How often the embedded database's tables are checked (PGlite has no autovacuum). */
export const STATISTICS_CHECK_MS = 60_000;

interface TableSize {
  name: string;
  /** Heap pages when ANALYZE last ran (pg_class.relpages); reltuples < 0 means never analysed. */
  analysedPages: number;
  reltuples: number;
  pages: number;
  /** Pages the visibility map marks all-visible (pg_class.relallvisible, as of the last VACUUM/ANALYZE). */
  allVisible: number;
}

/**
 * Runs ANALYZE (VACUUM ANALYZE on PGlite and wherever autovacuum is off) on every table of the public schema whose statistics are missing or stale, and
 * answers the names analysed. The planner needs them to pick the date index for the first page
 * instead of a sort (21 ms instead of 3.7 ms on the demo data).
 *
 * PGlite has no autovacuum and does not count writes (pg_stat_user_tables stays at zero), so the
 * change is read from the heap itself: with nothing vacuuming, every inserted or updated row
 * version adds to the heap, so its page count against the one ANALYZE recorded (relpages) tells
 * how much changed since. Cheap: one catalog query, no table is read unless it is stale. On
 * PostgreSQL autovacuum does the same work; calling this after a bulk import there only spares
 * the wait for it (and where autovacuum is switched off, this vacuums too).
 */
export async function analyzeStaleTables(database: Database, { force = false }: { force?: boolean } = {}): Promise<string[]> {
  const tables = await database.query<TableSize>(
    `select c.relname as name, c.relpages as "analysedPages", c.reltuples::float8 as reltuples, c.relallvisible as "allVisible",
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`,
  );
  // Where nothing else vacuums (PGlite always; a PostgreSQL run with autovacuum = off), this is the
  // autovacuum: old row versions are reclaimed and the visibility map is set, so deep pages read
  // ids from the index alone (page 500 of a freshly imported million rows: 26 ms p95 vacuumed,
  // 133 ms not). Where autovacuum runs, the statistics are all it needs sooner.
  const vacuums = await vacuumsItself(database);
  const stale = tables.filter((t) => force || isStale(t) || (!vacuums && needsVacuum(t))).map((t) => t.name);
  if (stale.length === 0) return stale;
  const names = stale.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ');
  await database.query(vacuums ? `analyze ${names}` : `vacuum (analyze) ${names}`);
  return stale;
}

/** Whether the database vacuums on its own: PostgreSQL with autovacuum on; never PGlite. */
async function vacuumsItself(database: Database): Promise<boolean> {
  if (database.kind === 'pglite') return false;
  const [row] = await database.query<{ on: boolean }>(`select current_setting('autovacuum') = 'on' as "on"`);
  return Boolean(row?.on);
}

/** Less than half the heap is all-visible: index-only scans (the list's deep pages) mostly visit the heap. */
export function needsVacuum(t: Pick<TableSize, 'pages' | 'allVisible'>): boolean {
  return t.pages > 4 && t.allVisible < t.pages / 2;
}

export function isStale(t: Pick<TableSize, 'pages' | 'analysedPages' | 'reltuples'>): boolean {
  if (t.reltuples < 0) return t.pages > 0; // never analysed, and has rows
  // Small tables (a few pages) are read whole by any plan: statistics matter once they grow.
  const changed = Math.abs(t.pages - t.analysedPages);
  return changed > 4 && changed > t.analysedPages * STALE_FRACTION;
}

/** About this many requests are sampled: enough to tell a trigram in 5% of them from one in 1%. */
export const TRIGRAM_SAMPLE_ROWS = 3_000;
/** Trigrams held by fewer of the sampled requests than this are not kept (an unlisted one is at most this common). */
export const TRIGRAM_CUTOFF = 0.01;

/**
 * Samples how common each trigram of the search text is, when it was never sampled or the
 * table's size (as ANALYZE last estimated it, so run this after analyzeStaleTables) has changed
 * by more than STALE_FRACTION since. A few thousand rows read by page (TABLESAMPLE SYSTEM):
 * 80–135 ms on a million rows. It runs with the statistics upkeep, never inside an import.
 * Answers whether it sampled.
 */
export async function refreshTrigramShares(database: Database, { force = false }: { force?: boolean } = {}): Promise<boolean> {
  const [state] = await database.query<{ rows: number; sampled: number | null }>(
    `select greatest(c.reltuples, 0)::float8 as rows, (select table_rows from search_trigram_shares where id = 1)::float8 as sampled
       from pg_class c where c.oid = 'bonus_requests'::regclass`,
  );
  if (!state || state.rows < 1) return false;
  const rows = Number(state.rows);
  const sampled = state.sampled === null ? null : Number(state.sampled);
  if (!force && sampled !== null && Math.abs(rows - sampled) <= sampled * STALE_FRACTION) return false;
  const percent = Math.min(100, (100 * TRIGRAM_SAMPLE_ROWS) / rows);
  await database.query(
    `with s as (select show_trgm(search_text) as t from bonus_requests tablesample system ($1::float4)),
          n as (select count(*)::float8 as n from s),
          f as (select e, count(*) / max(n.n) as share from s cross join lateral unnest(s.t) e cross join n group by e)
     insert into search_trigram_shares (id, shares, cutoff, sampled_rows, table_rows, sampled_at)
     select 1, coalesce((select jsonb_object_agg(e, round(share::numeric, 4)) from f where share >= $2), '{}'), $2, (select n from n), $3, now()
     on conflict (id) do update
       set shares = excluded.shares, cutoff = excluded.cutoff, sampled_rows = excluded.sampled_rows,
           table_rows = excluded.table_rows, sampled_at = excluded.sampled_at`,
    [percent, TRIGRAM_CUTOFF, rows],
  );
  return true;
}

/**
 * The statistics upkeep the product runs where nothing else keeps them (every minute, at an
 * embedded start, after the demo seed): stale tables analysed, then the search's trigram shares.
 */
export async function keepStatistics(database: Database): Promise<void> {
  await analyzeStaleTables(database);
  await refreshTrigramShares(database);
}
