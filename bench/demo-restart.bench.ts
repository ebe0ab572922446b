import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@common/enums';
import { requestListQuery } from '@common/schemas/bonus';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite } from '../server/db/client';
import { seedDemoIfEmpty } from '../server/db/seed/seed-demo';
import { listRequests } from '../server/modules/bonus/list-requests';

/**
 * `npx tsx bench/demo-restart.bench.ts`: the demo database as `npm start` makes it (embedded,
 * seeded), then closed and opened again as after a restart; prints the first page's time
 * (limit 20, median and p95 of 60 calls per project) on the reopened database. Nothing but what
 * the product does at start runs in between.
 */
const log = (s: string) => process.stdout.write(`${s}\n`);

async function firstPages(dataDir: string, label: string) {
  const database = await openPglite(path.join(dataDir, 'pg'));
  const config = loadConfig({}, { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), JOBS_ENABLED: 'false', APP_SECRET: 'demo-restart-bench-secret-long-enough-0123456789' });
  const app = await buildApp({ config, database });
  if (await seedDemoIfEmpty(app.ctx)) log('demo data seeded');
  const projects = await database.query<{ id: number }>('select id from projects order by id');
  const query = requestListQuery.parse({ limit: '20' });
  // Asked as the first user (the demo's admin): each item carries their abilities.
  const [viewer] = await database.query<{ id: number; role: Role }>('select id, role from users order by id limit 1');
  if (!viewer) throw new Error('no user to list requests as');
  const times: number[] = [];
  for (const { id } of projects) {
    await listRequests(database, id, query, viewer); // first call prepares the statement
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      await listRequests(database, id, query, viewer);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from bonus_requests')) as [{ n: number }];
  log(`${label}: ${n} requests, first page (limit 20) median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms, p95 ${times[Math.ceil(times.length * 0.95) - 1]!.toFixed(2)} ms`);
  await app.close();
  await database.close();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-demo-restart-'));
  try {
    await firstPages(dataDir, 'first start (seeded)');
    await firstPages(dataDir, 'after a restart');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
