import type { ChildProcess } from 'node:child_process';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import { openPostgres } from '../server/db/client';
import { benchLogin, startBenchServer } from './bench-process';
import { createScratchDatabase } from './scratch-database';
import { ensureBenchTenant } from './seed-bench-requests';

/**
 * `npm run bench:live`: live fan-out. Opens LIVE_SOCKETS (500) authenticated sockets in one
 * project, makes LIVE_CHANGES (200) request changes through the API one after another, and for
 * each measures the time from the API's response reaching the caller to the last (500th) socket
 * receiving the change's event. Once with one API instance, once with two sharing Redis (sockets
 * split between them, the changes made on the first). A scratch database on DATABASE_URL's server
 * (default the local PostgreSQL) is dropped afterwards; REDIS_URL (default local) for the second run.
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SOCKETS = Number(process.env.LIVE_SOCKETS ?? 500);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 200);
/** Sessions the sockets are spread over (each a sign-in, like that many open browser tabs' users). */
const SESSIONS = 20;
const log = (s: string) => process.stdout.write(`${s}\n`);

function startServer(databaseUrl: string, redis?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, BENCH_POOL: '10' };
  if (redis) env.REDIS_URL = redis;
  else delete env.REDIS_URL;
  return startBenchServer(env);
}

function connect(port: number, token: string, projectId: number): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token }, query: { projectId: String(projectId) }, timeout: 20_000 });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function run(label: string, ports: number[], projectId: number) {
  const tokens: string[] = [];
  for (let i = 0; i < SESSIONS; i++) tokens.push(await benchLogin(ports[i % ports.length]!));
  const sockets: Socket[] = [];
  // A few at a time: 500 handshakes at once would measure the connect storm, not the fan-out.
  for (let i = 0; i < SOCKETS; i += 25) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, SOCKETS - i) }, (_, j) => connect(ports[(i + j) % ports.length]!, tokens[(i + j) % SESSIONS]!, projectId)))));
  }
  // For each request id: how many sockets got its event, and when the last one did.
  const received = new Map<number, { count: number; last: number; bytes: number }>();
  for (const socket of sockets) {
    socket.on(SOCKET_EVENTS.requestCreated, (payload: { id?: number; requests?: unknown[] }) => {
      const at = performance.now();
      const id = payload.id ?? -1;
      const entry = received.get(id) ?? { count: 0, last: 0, bytes: JSON.stringify(payload).length };
      entry.count++;
      entry.last = Math.max(entry.last, at);
      received.set(id, entry);
    });
  }
  const delays: number[] = [];
  const fromSend: number[] = [];
  let bytes = 0;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` };
  for (let i = 0; i < CHANGES; i++) {
    const sentAt = performance.now();
    const res = await fetch(`http://127.0.0.1:${ports[0]}/api/bonus/projects/${projectId}/requests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ customerUsername: `canli${i}`, customerName: 'Canlı Test', amount: '10.00', priority: 3 }),
    });
    const answeredAt = performance.now();
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    const deadline = answeredAt + 10_000;
    while ((received.get(id)?.count ?? 0) < SOCKETS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const entry = received.get(id);
    if (!entry || entry.count < SOCKETS) throw new Error(`change ${i}: only ${entry?.count ?? 0} of ${SOCKETS} sockets got it within 10 s`);
    // Negative: every socket had the event before the caller had the API's answer (it is emitted first).
    delays.push(entry.last - answeredAt);
    fromSend.push(entry.last - sentAt);
    bytes = entry.bytes;
  }
  for (const socket of sockets) socket.close();
  const sorted = [...delays].sort((a, b) => a - b);
  const sent = [...fromSend].sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(1);
  log(
    `${label}: ${SOCKETS} sockets, ${CHANGES} changes — API response → ${SOCKETS}th socket: p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms, max ${fmt(sorted.at(-1)!)} ms; ` +
      `API call sent → ${SOCKETS}th socket: p50 ${fmt(percentile(sent, 50))} ms, p95 ${fmt(percentile(sent, 95))} ms, max ${fmt(sent.at(-1)!)} ms; event payload ${bytes} bytes`,
  );
  return {
    label,
    'response→last p50': percentile(sorted, 50),
    'response→last p95': percentile(sorted, 95),
    'response→last max': sorted.at(-1)!,
    'sent→last p50': percentile(sent, 50),
    'sent→last p95': percentile(sent, 95),
    'sent→last max': sent.at(-1)!,
    bytes,
  };
}

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'bonus_live_bench');
  const databaseUrl = scratch.url;
  const children: ChildProcess[] = [];
  try {
    const database = await openPostgres(databaseUrl);
    const { projectIds } = await ensureBenchTenant(database);
    await database.close();
    const projectId = projectIds[0]!;

    const one = await startServer(databaseUrl);
    children.push(one.child);
    const results = [await run('one instance', [one.port], projectId)];
    one.child.kill('SIGTERM');
    await new Promise((r) => one.child.once('exit', r));
    children.length = 0;

    const a = await startServer(databaseUrl, redisUrl);
    children.push(a.child);
    const b = await startServer(databaseUrl, redisUrl);
    children.push(b.child);
    results.push(await run('two instances + Redis', [a.port, b.port], projectId));
    console.table(results.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && k !== 'bytes' ? v.toFixed(1) : v]))));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await scratch.drop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
