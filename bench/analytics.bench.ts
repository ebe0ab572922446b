import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@common/analytics';
import { localDate } from '@common/time-zone';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { namedCpuSeconds, processCpuSeconds } from './cpu-time';
import { benchLogin, cpuProfileArgs, startBenchServer } from './bench-process';
import { runLoad, summarise } from './load';
import { ensureBenchTenant, seedBenchRequests } from './seed-bench-requests';
import { DEFAULT_TIME_ZONE } from '@common/constants';

/**
 * `npm run bench:analytics`: on the request benchmark's data (1,000,000 requests over 5 projects
 * in DATABASE_URL, or 200,000 in an embedded database), drives the dashboard's stats and
 * performance (30d) and the four monthly reports with 20 concurrent clients, then exports one
 * project's every request (200,000 rows) to .xlsx, timing it and sampling the API's resident
 * memory. BENCH_ROWS, BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_ONLY adjust it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
const rows = Number(process.env.BENCH_ROWS ?? (databaseUrl ? 1_000_000 : 200_000));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const pgliteDir = process.env.BENCH_PGLITE_DIR ?? path.join(root, '.tmp', 'bench-pglite');
const log = (s: string) => process.stdout.write(`${s}\n`);

// The seeded data covers the last 60 days: the previous month is a whole month of it.
const lastMonth = addDays(`${localDate(DEFAULT_TIME_ZONE, new Date()).slice(0, 7)}-01`, -1).slice(0, 7);
const ALL_SCENARIOS = [
  { name: 'dashboard stats (30d)', path: (p: number) => `/api/projects/${p}/dashboard/stats?period=30d` },
  { name: 'dashboard performance (30d)', path: (p: number) => `/api/projects/${p}/dashboard/performance?period=30d` },
  ...(['bonus', 'agents', 'performance', 'financial'] as const).map((type) => ({
    name: `report ${type} (${lastMonth})`,
    path: (p: number) => `/api/projects/${p}/reports/${type}?period=${lastMonth}`,
  })),
  { name: 'export', path: () => '' },
];
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const SCENARIOS = only ? ALL_SCENARIOS.filter((s) => only.some((w) => s.name.includes(w))) : ALL_SCENARIOS;

async function prepare(): Promise<number[]> {
  const database: Database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(pgliteDir);
  try {
    const { projectIds, userId } = await ensureBenchTenant(database);
    log(`Seeding up to ${rows.toLocaleString('tr-TR')} requests (${databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${pgliteDir}`})…`);
    await seedBenchRequests(database, projectIds, userId, rows, log);
    await database.query('vacuum analyze bonus_requests');
    await database.query('vacuum analyze bonus_request_daily, bonus_request_hourly, bonus_request_daily_agents, bonus_request_proc_minutes');
    const [n] = await database.query<{ n: string }>(
      'select (select count(*) from bonus_request_daily) + (select count(*) from bonus_request_hourly) + (select count(*) from bonus_request_daily_agents) + (select count(*) from bonus_request_proc_minutes) n',
    );
    log(`Roll-up rows over all projects: ${Number(n!.n).toLocaleString('tr-TR')}`);
    return projectIds;
  } finally {
    await database.close();
  }
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Downloads one project's every request as .xlsx, sampling the API's RSS every 50 ms. */
async function exportOnce(port: number, token: string, projectId: number, pid: number) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `/api/bonus/projects/${projectId}/requests/export?format=excel`, headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { seconds: Math.round(ms / 100) / 10, megabytes: Math.round(bytes / 1e5) / 10, rssBeforeMb: Math.round(before), rssPeakMb: Math.round(peak), rssGrowthMb: Math.round(peak - before) };
}

async function main() {
  const projectIds = await prepare();
  const { child, port } = await startBenchServer({ ...process.env, BENCH_PGLITE_DIR: pgliteDir }, cpuProfileArgs());
  try {
    const token = await benchLogin(port);
    log(`\n${concurrency} concurrent clients, ${seconds} s per query after 2 s warm-up, paths rotating over ${projectIds.length} projects:\n`);
    const results = [];
    for (const scenario of SCENARIOS.filter((s) => s.name !== 'export')) {
      const result = await runLoad({
        name: scenario.name,
        port,
        token,
        paths: projectIds.map((p) => scenario.path(p)),
        concurrency,
        seconds,
        warmupSeconds: 2,
        probe: () => ({ api: processCpuSeconds(child.pid!), db: databaseUrl ? namedCpuSeconds('postgres') : 0 }),
      });
      results.push(summarise(result));
      log(`  ${scenario.name}: done`);
    }
    if (results.length) console.table(results);
    if (SCENARIOS.some((s) => s.name === 'export')) {
      const [counted] = await fetch(`http://127.0.0.1:${port}/api/bonus/projects/${projectIds[0]}/requests?limit=1`, { headers: { authorization: `Bearer ${token}` } })
        .then((r) => r.json() as Promise<{ data: { total: number } }>)
        .then((b) => [b.data.total]);
      log(`\nExport of project ${projectIds[0]}'s ${counted!.toLocaleString('tr-TR')} requests to .xlsx:`);
      console.table([await exportOnce(port, token, projectIds[0]!, child.pid!)]);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
