import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { openPostgres } from '../server/db/client';
import { projectMembers, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { startBenchServer } from './bench-process';
import { createScratchDatabase } from './scratch-database';
import { percentile } from './load';
import { ensureBenchTenant, seedBenchRequests } from './seed-bench-requests';

/**
 * `npm run bench:soak`: a mixed load for SOAK_SECONDS (default 300) against the API in its own
 * process on a scratch PostgreSQL database (DATABASE_URL's server, default the local one; dropped
 * afterwards): SOAK_CLIENTS (10) operators in a loop of list, search, create, claim and complete,
 * while SOAK_SOCKETS (200) sockets listen to the project. Every 30 s it prints the 5xx count, p95
 * per call and the server's memory (RSS); at the end, memory growth after the first minute.
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 10);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 200);
const SEED = Number(process.env.SOAK_SEED ?? 20_000);
const SAMPLE_SECONDS = 30;
const WARMUP_SECONDS = 60;
const PASSWORD = 'soak-password-1';
const log = (s: string) => process.stdout.write(`${s}\n`);

type Call = 'list' | 'search' | 'create' | 'claim' | 'complete';
interface Window {
  latencies: Record<Call, number[]>;
  count5xx: number;
  other4xx: number;
}
const emptyWindow = (): Window => ({ latencies: { list: [], search: [], create: [], claim: [], complete: [] }, count5xx: 0, other4xx: 0 });

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function createOperators(databaseUrl: string, projectId: number): Promise<string[]> {
  const database = await openPostgres(databaseUrl);
  const passwordHash = await hashPassword(PASSWORD);
  const names = Array.from({ length: CLIENTS }, (_, i) => `soak-operator-${i + 1}`);
  const rows = await database.db
    .insert(users)
    .values(names.map((username, i) => ({ username, fullName: `Dayanıklılık Operatör ${i + 1}`, role: 'operator' as const, passwordHash, maxLoad: 100 })))
    .returning({ id: users.id });
  await database.db.insert(projectMembers).values(rows.map((r) => ({ projectId, userId: r.id })));
  await database.close();
  return names;
}

async function signIn(port: number, username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
}

function connect(port: number, token: string, projectId: number): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, auth: { token }, query: { projectId: String(projectId) }, timeout: 20_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'bonus_soak_bench');
  const databaseUrl = scratch.url;
  let child: ChildProcess | undefined;
  const sockets: Socket[] = [];
  try {
    const database = await openPostgres(databaseUrl);
    const { projectIds, userId } = await ensureBenchTenant(database);
    const projectId = projectIds[0]!;
    if (SEED > 0) await seedBenchRequests(database, [projectId], userId, SEED, log);
    await database.close();
    const usernames = await createOperators(databaseUrl, projectId);

    const server = await startBenchServer({ ...process.env, DATABASE_URL: databaseUrl, BENCH_POOL: '10' });
    child = server.child;
    const port = server.port;
    const tokens = await Promise.all(usernames.map((u) => signIn(port, u)));
    for (let i = 0; i < SOCKETS; i += 25) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, SOCKETS - i) }, (_, j) => connect(port, tokens[(i + j) % tokens.length]!, projectId)))));
    }
    let events = 0;
    for (const s of sockets) s.onAny(() => events++);
    let disconnects = 0;
    for (const s of sockets) s.on('disconnect', () => disconnects++);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    let window = emptyWindow();
    const total = emptyWindow();
    const call = (kind: Call, token: string, method: string, path: string, body?: unknown) =>
      new Promise<{ status: number; json: any }>((resolve) => {
        const started = performance.now();
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          { host: '127.0.0.1', port, path, method, agent, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              const ms = performance.now() - started;
              const status = res.statusCode ?? 0;
              for (const w of [window, total]) {
                w.latencies[kind].push(ms);
                if (status >= 500) w.count5xx++;
                else if (status >= 400) w.other4xx++;
              }
              let json: any = null;
              try {
                json = JSON.parse(text);
              } catch {
                // a non-JSON answer counts by its status only
              }
              resolve({ status, json });
            });
          },
        );
        req.on('error', () => {
          for (const w of [window, total]) w.count5xx++;
          resolve({ status: 0, json: null });
        });
        req.end(payload);
      });

    const base = `/api/bonus/projects/${projectId}/requests`;
    const searches = ['Ahmet', 'Yılmaz', 'kayıp', 'bonus', 'Öztürk', 'GOLD'];
    let running = true;
    let serial = 0;
    const client = async (token: string) => {
      while (running) {
        await call('list', token, 'GET', `${base}?status=waiting&sortBy=queue&limit=20&page=1`);
        await call('search', token, 'GET', `${base}?search=${encodeURIComponent(searches[serial % searches.length]!)}&limit=20`);
        const n = serial++;
        const created = await call('create', token, 'POST', base, { customerUsername: `soak${n % 500}`, amount: '10.00', priority: 3, description: `Dayanıklılık ${n}` });
        const id = created.json?.data?.id as number | undefined;
        if (!id) continue;
        const claimed = await call('claim', token, 'POST', `${base}/${id}/assign`);
        if (claimed.status === 200) await call('complete', token, 'POST', `${base}/${id}/complete`, { notes: 'soak' });
      }
    };

    const pid = child.pid!;
    const samples: { at: number; rss: number }[] = [{ at: 0, rss: rssMb(pid) }];
    log(`soak: ${SECONDS} s, ${CLIENTS} clients, ${sockets.length} sockets, ${SEED} seeded requests; server RSS ${samples[0]!.rss.toFixed(0)} MB at start`);
    const started = performance.now();
    const clients = tokens.map((t) => client(t));
    const rows: Record<string, string | number>[] = [];
    while (performance.now() - started < SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, Math.min(SAMPLE_SECONDS * 1000, SECONDS * 1000 - (performance.now() - started))));
      const at = Math.round((performance.now() - started) / 1000);
      const rss = rssMb(pid);
      samples.push({ at, rss });
      const row: Record<string, string | number> = { 's': at, 'RSS MB': +rss.toFixed(0), '5xx': window.count5xx, '4xx': window.other4xx };
      for (const [kind, list] of Object.entries(window.latencies)) {
        const sorted = [...list].sort((a, b) => a - b);
        row[`${kind} n`] = list.length;
        row[`${kind} p95 ms`] = list.length ? +percentile(sorted, 95).toFixed(1) : '-';
      }
      row['socket events'] = events;
      rows.push(row);
      log(JSON.stringify(row));
      window = emptyWindow();
    }
    running = false;
    await Promise.all(clients);
    agent.destroy();

    console.table(rows);
    const afterWarmup = samples.filter((s) => s.at >= WARMUP_SECONDS);
    const first = afterWarmup[0];
    const last = samples.at(-1)!;
    const overall: Record<string, string | number> = { '5xx': total.count5xx, '4xx': total.other4xx, 'socket disconnects': disconnects };
    for (const [kind, list] of Object.entries(total.latencies)) {
      const sorted = [...list].sort((a, b) => a - b);
      overall[`${kind} p95 ms`] = list.length ? +percentile(sorted, 95).toFixed(1) : '-';
    }
    console.table([overall]);
    if (first && first !== last) {
      const growth = ((last.rss - first.rss) / first.rss) * 100;
      log(`memory after warm-up: ${first.rss.toFixed(0)} MB at ${first.at} s → ${last.rss.toFixed(0)} MB at ${last.at} s (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`);
    } else log(`memory: run shorter than the ${WARMUP_SECONDS} s warm-up; no growth figure`);
  } finally {
    for (const s of sockets) s.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await scratch.drop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
