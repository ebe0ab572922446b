/**
 * `npm run bench:start`: how long a built server (`node dist/server/main.js`, as in production)
 * takes from its process start to the first 200 on /api/health. Median of five starts each:
 *   - embedded database, demo data already seeded (a first start seeds it, not measured);
 *   - PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres; a fresh
 *     database, migrated by a first start, not measured). Skipped when PostgreSQL is not there.
 * Each start is stopped with SIGTERM before the next; the clock starts before `spawn`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3977);

/**
 * CPU seconds (user + system, every thread) the process has used: on a machine shared with other
 * work the wall-clock time mostly measures the wait for a core; this is what the start itself costs.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Start {
  wall: number;
  cpu: number;
}

async function startOnce(env: NodeJS.ProcessEnv): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let elapsed = -1;
  let cpu = -1;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      elapsed = performance.now() - started;
      cpu = cpuSeconds(child.pid!);
      break;
    }
    await sleep(10);
  }
  child.kill('SIGTERM');
  await exited;
  return { wall: elapsed / 1000, cpu };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function series(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  await startOnce(env); // first start: creates / seeds / migrates; not measured
  const starts: Start[] = [];
  for (let i = 0; i < RUNS; i++) starts.push(await startOnce(env));
  const wall = starts.map((s) => s.wall);
  const cpu = starts.map((s) => s.cpu);
  console.log(
    `${label}: first /api/health 200 after median ${median(wall).toFixed(2)} s (runs ${wall.map((t) => t.toFixed(2)).join(', ')} s); ` +
      `CPU used by then median ${median(cpu).toFixed(2)} s (runs ${cpu.map((t) => t.toFixed(2)).join(', ')} s); load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

async function main() {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('dist/ is missing: npm run build');
  console.log(`${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-start-'));
  try {
    await series('embedded database, demo data seeded', { DATA_DIR: dataDir, SEED_DEMO: 'true' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) return console.log('PostgreSQL: not reachable, skipped');
  const name = `bonus_start_${process.pid}`;
  await admin.query(`create database ${name}`);
  try {
    const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'bonus-start-pg-'));
    await series('PostgreSQL, migrated', { DATABASE_URL: url, DATA_DIR: pgDataDir, APP_SECRET: 'bench-start-secret-long-enough-0123456789abcdef', SEED_DEMO: 'false' });
    rmSync(pgDataDir, { recursive: true, force: true });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
