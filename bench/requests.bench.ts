import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestListQuery } from '@common/schemas/bonus';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { analyzeStaleTables, refreshTrigramShares } from '../server/db/statistics';
import { fillPlaceholders, inArray } from 'drizzle-orm';
import { projectSettings } from '../server/db/schema';
import { listRequestQueries, searchPlanFor, shapeOf, valuesOf } from '../server/modules/bonus/list-requests';
import { namedCpuSeconds, ownCpuSeconds, processCpuSeconds } from './cpu-time';
import { runLoad, summarise } from './load';
import { benchLogin, cpuProfileArgs, startBenchServer } from './bench-process';
import { ensureBenchTenant, seedBenchRequests } from './seed-bench-requests';

/**
 * `npm run bench`: seeds 1,000,000 requests over 5 projects into DATABASE_URL (or 200,000 into
 * an embedded database under .tmp/), starts the API in its own process, and measures each list
 * query through HTTP with 20 concurrent clients. BENCH_ROWS, BENCH_SECONDS, BENCH_CONCURRENCY
 * and BENCH_EXPLAIN=1 (print each query's plan) adjust it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
const rows = Number(process.env.BENCH_ROWS ?? (databaseUrl ? 1_000_000 : 200_000));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const pgliteDir = process.env.BENCH_PGLITE_DIR ?? path.join(root, '.tmp', 'bench-pglite');
const log = (s: string) => process.stdout.write(`${s}\n`);

/** The seed's values for row g (see seed-bench-requests.ts); row g belongs to the project at index g % 5. */
const seededCustomerId = (g: number) => String(1_000_000 + ((g * 7919) % 8_999_999));
/** A query per project (by its index in the list), so each path asks for something in its own project. */
type Query = string | ((projectIndex: number) => string);
/** `path` after the project, '/requests' (the list) unless given. */
const ALL_SCENARIOS: { name: string; query: Query; path?: string }[] = [
  { name: 'first page (default sort)', query: '' },
  { name: 'status page (status=queued)', query: 'status=queued' },
  { name: 'board column (status=waiting)', query: 'status=waiting' },
  { name: 'search page (search=yılmaz)', query: `search=${encodeURIComponent('yılmaz')}` },
  // 'oyuncu' || g % 50000: 20 requests each, all in one project.
  { name: 'search rare term (search=oyuncu1234x)', query: (i) => `search=oyuncu${12340 + i}` },
  { name: 'search exact customer id', query: (i) => `search=${seededCustomerId(5000 + i)}` },
  { name: 'search exact external id (search=B-98765x)', query: (i) => `search=B-${987650 + i}` },
  { name: 'search + status (search=yılmaz&status=completed)', query: `search=${encodeURIComponent('yılmaz')}&status=completed` },
  { name: 'search + rare status (search=yılmaz&status=new)', query: `search=${encodeURIComponent('yılmaz')}&status=new` },
  { name: 'page 500', query: 'page=500' },
  { name: 'stats', query: '', path: '/requests/stats' },
  // Before paying (customer-summary.ts): a seeded customer's history and limits (the bench projects have limits, see prepare).
  { name: 'customer summary', query: (i) => `customerId=${seededCustomerId(7000 + i)}`, path: '/customers/summary' },
];
const queryFor = (q: Query, projectIndex: number) => (typeof q === 'function' ? q(projectIndex) : q);
/** BENCH_ONLY=stats,page runs only the scenarios whose name contains one of the words. */
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const SCENARIOS = only ? ALL_SCENARIOS.filter((s) => only.some((w) => s.name.includes(w))) : ALL_SCENARIOS;

async function prepare(): Promise<number[]> {
  const database: Database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(pgliteDir);
  try {
    const { projectIds, userId } = await ensureBenchTenant(database);
    log(`Seeding up to ${rows.toLocaleString('tr-TR')} requests (${databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${pgliteDir}`})…`);
    await seedBenchRequests(database, projectIds, userId, rows, log);
    // Customer limits on, so the customer summary reads what was paid today and this month as well.
    await database.db.update(projectSettings).set({ customerDailyLimit: '5000.00', customerMonthlyLimit: '50000.00' }).where(inArray(projectSettings.projectId, projectIds));
    // No VACUUM ANALYZE of its own: the data is measured as a user's would be. The product
    // analyses stale tables after an import and at every embedded start (the API process below
    // does it when it opens the database); on PostgreSQL autovacuum does the rest, and what it has
    // done so far is printed.
    log(`Analysed now (as after an import): ${(await analyzeStaleTables(database)).join(', ') || 'nothing stale'}`);
    // The minute's statistics upkeep: the search's trigram shares (bonus/search-trigrams.ts).
    log(`Search trigram shares sampled: ${(await refreshTrigramShares(database)) ? 'yes' : 'no, still current'}`);
    await printTableState(database);
    if (process.env.BENCH_EXPLAIN === '1') await explainAll(database, projectIds[0]!, userId);
    return projectIds;
  } finally {
    await database.close();
  }
}

/** How far vacuum has got: index-only scans skip the heap only for pages marked all-visible. */
async function printTableState(database: Database) {
  const [state] = await database.query<{ pages: number; visible: number; analysed: string | null }>(
    `select c.relpages as pages, c.relallvisible as visible,
            (select greatest(last_analyze, last_autoanalyze)::text from pg_stat_user_tables where relid = c.oid) as analysed
       from pg_class c where c.relname = 'bonus_requests'`,
  );
  if (state) log(`bonus_requests: ${state.pages} pages, ${state.visible} all-visible; last analysed ${state.analysed ?? 'unknown (PGlite keeps no record)'}`);
}

/** The plan of each list query exactly as the endpoint builds it, for the bench's user (a manager). */
async function explainAll(database: Database, projectId: number, userId: number) {
  const viewer = { id: userId, role: 'manager' as const };
  for (const scenario of SCENARIOS.filter((s) => !s.path)) {
    const query = requestListQuery.parse(Object.fromEntries(new URLSearchParams(queryFor(scenario.query, 0))));
    const plan = query.search ? await searchPlanFor(database.db, query.search) : undefined;
    const parts = plan?.parts ?? null;
    const shape = shapeOf(query, viewer, plan);
    const queries = listRequestQueries(database.db, shape);
    if (parts) log(`\n── ${scenario.name}: the trigram index is asked for ${parts.map((x) => `'${x}'`).join(', ')}; the whole term is checked on what it finds`);
    const bound: Record<string, unknown> = valuesOf(projectId, query, viewer, shape);
    if (queries.ids) {
      // A search's page presents the ids its first statement finds.
      const { sql: text, params } = queries.ids.toSQL();
      bound.ids = (await database.query<{ id: number }>(text, fillPlaceholders(params, bound))).map((r) => r.id);
    }
    for (const [label, builder] of Object.entries(queries)) {
      if (!builder) continue;
      const { sql: text, params } = builder.toSQL();
      const values = fillPlaceholders(params, bound);
      const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
      log(`\n── ${scenario.name} · ${label}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
    }
  }
}

function startServer() {
  return startBenchServer({ ...process.env, BENCH_PGLITE_DIR: pgliteDir }, cpuProfileArgs());
}

async function main() {
  const projectIds = await prepare();
  const { child, port } = await startServer();
  try {
    const token = await benchLogin(port);
    log(`\n${concurrency} concurrent clients, ${seconds} s per query after 2 s warm-up, paths rotating over ${projectIds.length} projects:\n`);
    const results = [];
    for (const scenario of SCENARIOS) {
      const paths = projectIds.map((p, i) => {
        const query = queryFor(scenario.query, i);
        return `/api/bonus/projects/${p}${scenario.path ?? '/requests'}${query ? `?${query}` : ''}`;
      });
      const result = await runLoad({
        name: scenario.name,
        port,
        token,
        paths,
        concurrency,
        seconds,
        warmupSeconds: 2,
        // CPU used per request by the API process, by PostgreSQL and by this load generator:
        // the cost of a request whatever else the machine is doing at the time.
        probe: () => ({ api: processCpuSeconds(child.pid!), db: databaseUrl ? namedCpuSeconds('postgres') : 0, load: ownCpuSeconds() }),
      });
      results.push(summarise(result));
      log(`  ${scenario.name}: done`);
    }
    console.table(results);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
