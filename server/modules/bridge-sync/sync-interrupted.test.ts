import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SYNC_MESSAGES } from '@common/schemas/bridge-sync';
import { openPglite, type Database } from '../../db/client';
import { projectMembers, projectSettings, projects, users } from '../../db/schema';
import { createTestDatabase } from '../../db/test-database';
import { deriveKeys, encryptSecret } from '../../lib/secrets';
import { hashPassword } from '../../lib/passwords';
import { embeddedSource, type EmbeddedTestSource } from './test-support/test-sources';

/**
 * A server killed with SIGKILL in the middle of a sync: at its next start the job is closed as
 * failed ('Sunucu yeniden başlatıldı') and a new run reaches the source's row count with no
 * duplicate. The server runs in a child process (server/main.ts), on a PGlite data folder,
 * or on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APP_SECRET = 'interrupted-sync-test-secret-0123456789abcdef';
// Six batches of the import (REQUEST_BATCH_SIZE): the kill comes after the first is written.
const SOURCE_ROWS = 30_000;
const PASSWORD = 'Kesinti-Testi-1';

let source: EmbeddedTestSource;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;
let projectId: number;

/** The database the child uses, opened here only while no child runs (PGlite has one owner). */
async function openMain(): Promise<Database> {
  return databaseUrl ? (await import('../../db/client')).openPostgres(databaseUrl, 2) : openPglite(path.join(dataDir, 'pg'));
}

beforeAll(async () => {
  source = await embeddedSource();
  await source.exec(
    `insert into bonus_requests (external_id, customer_id, username, name, bonus_type, amount, status, created_at, updated_at)
     select 'K' || lpad(g::text, 6, '0'), 'MUS-' || g, 'oyuncu' || g, 'Oyuncu ' || g, 'cashback', (g % 900 + 100)::numeric + 0.5, 'pending',
       now() - interval '2 days' + g * interval '1 second', now() - interval '1 day' + g * interval '1 second'
     from generate_series(1, ${SOURCE_ROWS}) g`,
  );
  dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-interrupted-'));
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    dropDatabase = database.close;
  }
  const main = await openMain();
  const [project] = await main.db
    .insert(projects)
    .values({
      code: 'KESINTI',
      name: 'Kesinti Testi',
      baseUrl: 'https://example.com',
      dbType: 'postgresql',
      dbHost: source.config.host,
      dbPort: source.config.port,
      dbName: source.config.database,
      dbUser: source.config.user,
      dbPasswordEnc: encryptSecret(source.config.password, deriveKeys(APP_SECRET).encryption),
    })
    .returning();
  projectId = project!.id;
  await main.db.insert(projectSettings).values({ projectId, autoSync: false });
  const [manager] = await main.db
    .insert(users)
    .values({ username: 'kesinti_yonetici', fullName: 'Kesinti Yönetici', role: 'manager', passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await main.db.insert(projectMembers).values({ projectId, userId: manager!.id });
  await main.close();
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await source?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the server as `npm start` does (tsx), but in one process — `node --import tsx` — so that
 * SIGKILL really kills the server (the tsx command would leave its child running).
 */
function startServer(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      APP_SECRET,
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      SYNC_STALE_AFTER_SECONDS: '2',
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
}

function stopServer(signal: NodeJS.Signals): Promise<void> {
  const proc = child!;
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

async function api(base: string, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: any; message?: string } };
}

async function signIn(base: string): Promise<string> {
  const res = await api(base, 'POST', '/api/auth/login', undefined, { username: 'kesinti_yonetici', password: PASSWORD });
  expect(res.status).toBe(200);
  return res.body.data.tokens.accessToken;
}

it('a job killed mid-run is marked failed at the next start, and a re-run reaches the source count with no duplicate', async () => {
  let base = await startServer();
  let token = await signIn(base);
  const started = await api(base, 'POST', `/api/bridge/projects/${projectId}/sync`, token, { syncType: 'bonus' });
  expect(started.status).toBe(202);
  const killedId: number = started.body.data.id;

  // Kill as soon as some rows are written, well before the end.
  for (;;) {
    const status = await api(base, 'GET', `/api/bridge/projects/${projectId}/sync/status`, token);
    expect(status.body.data.isRunning, 'the job ended before it could be killed').toBe(true);
    if ((status.body.data.current?.rowsWritten ?? 0) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopServer('SIGKILL');

  base = await startServer();
  token = await signIn(base);
  // On PostgreSQL the dead job is recognised by its silent heartbeat (SYNC_STALE_AFTER_SECONDS=2).
  let killed: { status: string; rowsWritten: number } | undefined;
  for (let i = 0; i < 150; i++) {
    const logs = await api(base, 'GET', `/api/bridge/projects/${projectId}/sync/logs`, token);
    killed = logs.body.data.items.find((l: { id: number }) => l.id === killedId);
    if (killed?.status !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(killed).toMatchObject({ status: 'failed', errorMessage: SYNC_MESSAGES.serverRestarted });
  expect(killed!.rowsWritten).toBeLessThan(SOURCE_ROWS);

  const rerun = await api(base, 'POST', `/api/bridge/projects/${projectId}/sync`, token, { syncType: 'bonus' });
  expect(rerun.status).toBe(202);
  let finished: { status: string; rowsWritten: number } | undefined;
  for (let i = 0; i < 1_200 && !finished; i++) {
    const page = await api(base, 'GET', `/api/bridge/projects/${projectId}/sync/logs?limit=1`, token);
    const latest = page.body.data.items[0];
    if (latest.id === rerun.body.data.id && latest.status !== 'running') finished = latest;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(finished?.status).toBe('success');
  await stopServer('SIGTERM');

  const main = await openMain();
  const [counts] = await main.query<{ n: number; distinct_ids: number }>(
    'select count(*)::int as n, count(distinct external_id)::int as distinct_ids from bonus_requests where project_id = $1',
    [projectId],
  );
  await main.close();
  expect(counts).toEqual({ n: SOURCE_ROWS, distinct_ids: SOURCE_ROWS });
}, 300_000); // two server processes start (each allowed 90 s) and a whole sync runs
