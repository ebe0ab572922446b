import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestListQuery } from '@common/schemas/bonus';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { fillPlaceholders } from 'drizzle-orm';
import { listRequestQueries, shapeOf, valuesOf } from '../server/modules/bonus/list-requests';
import { namedCpuSeconds, ownCpuSeconds, processCpuSeconds } from './cpu-time';
import { benchLogin, startBenchServer } from './bench-process';
import { runLoad, summarise } from './load';
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

const ALL_SCENARIOS: { name: string; query: string; path?: string }[] = [
  { name: 'first page (default sort)', query: '' },
  { name: 'status page (status=queued)', query: 'status=queued' },
  { name: 'board column (status=waiting)', query: 'status=waiting' },
  { name: 'search page (search=yılmaz)', query: `search=${encodeURIComponent('yılmaz')}` },
  { name: 'page 500', query: 'page=500' },
  { name: 'stats', query: '', path: '/stats' },
];
/** BENCH_ONLY=stats,page runs only the scenarios whose name contains one of the words. */
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const SCENARIOS = only ? ALL_SCENARIOS.filter((s) => only.some((w) => s.name.includes(w))) : ALL_SCENARIOS;

async function prepare(): Promise<number[]> {
  const database: Database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(pgliteDir);
  try {
    const { projectIds, userId } = await ensureBenchTenant(database);
    log(`Seeding up to ${rows.toLocaleString('tr-TR')} requests (${databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${pgliteDir}`})…`);
    await seedBenchRequests(database, projectIds, userId, rows, log);
    // Vacuum sets the visibility map, so deep pages can read ids from the index alone.
    await database.query('vacuum analyze bonus_requests');
    if (process.env.BENCH_EXPLAIN === '1') await explainAll(database, projectIds[0]!);
    return projectIds;
  } finally {
    await database.close();
  }
}

/** The plan of each list query exactly as the endpoint builds it. */
async function explainAll(database: Database, projectId: number) {
  for (const scenario of SCENARIOS.filter((s) => !s.path)) {
    const query = requestListQuery.parse(Object.fromEntries(new URLSearchParams(scenario.query)));
    const queries = listRequestQueries(database.db, shapeOf(query));
    for (const [label, builder] of Object.entries(queries)) {
      if (!builder) continue;
      const { sql: text, params } = builder.toSQL();
      const values = fillPlaceholders(params, valuesOf(projectId, query));
      const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
      log(`\n── ${scenario.name} · ${label}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
    }
  }
}

async function main() {
  const projectIds = await prepare();
  const { child, port } = await startBenchServer(root, pgliteDir);
  try {
    const token = await benchLogin(port);
    log(`\n${concurrency} concurrent clients, ${seconds} s per query after 2 s warm-up, paths rotating over ${projectIds.length} projects:\n`);
    const results = [];
    for (const scenario of SCENARIOS) {
      const paths = projectIds.map((p) => `/api/bonus/projects/${p}/requests${scenario.path ?? ''}${scenario.query ? `?${scenario.query}` : ''}`);
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
