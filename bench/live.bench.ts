import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../server/db/client';
import { benchLogin, startBenchServer } from './bench-process';
import { processCpuSeconds } from './cpu-time';
import { monotonicMs, type FromListener, type ListenerTarget, type ToListener } from './live-protocol';
import { percentile } from './load';
import { createScratchDatabase } from './scratch-database';
import { ensureBenchTenant } from './seed-bench-requests';

/**
 * `npm run bench:live`: live fan-out. LIVE_SOCKETS (2,000) authenticated sockets, each its own
 * websocket connection, spread evenly over 3 projects; LIVE_CHANGES (300) requests created through
 * the API one after another, in each project in turn. For each change: the time from the API call
 * being sent (and from its answer) to the last socket of that project's room receiving the
 * change's event. Once with one API instance, once with two sharing Redis (sockets split between
 * them, the changes made on the first).
 *
 * The sockets are held by LIVE_LISTENERS (4) child processes (live-listeners.ts), so that decoding
 * thousands of events is not done in one event loop, which would itself take tens of ms; each
 * reports the arrival at its last socket on the machine's monotonic clock, and the latest of the
 * processes counts. The server's memory per socket is (RSS after all sockets are connected and the
 * server is idle − RSS before) / sockets, each read after a full GC.
 *
 * A scratch database on DATABASE_URL's server (default the local PostgreSQL) is dropped afterwards;
 * REDIS_URL (default local) for the second run. LIVE_CPU_PROF=<dir> writes the API processes' CPU
 * profiles there (node --cpu-prof).
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SOCKETS = Number(process.env.LIVE_SOCKETS ?? 2000);
const CHANGES = Number(process.env.LIVE_CHANGES ?? 300);
const LISTENERS = Number(process.env.LIVE_LISTENERS ?? 4);
const PROJECTS = 3;
/** Changes made before the measured ones (one JIT warm-up per project), not counted. */
const WARMUP = 3 * PROJECTS;
/** Sessions the sockets are spread over (each a sign-in, like that many open browser tabs' users). */
const SESSIONS = 20;
/** Handshakes in flight per listening process. */
const CONNECT_BATCH = 10;
const CPU_PROF_DIR = process.env.LIVE_CPU_PROF;
const log = (s: string) => process.stdout.write(`${s}\n`);
const here = path.dirname(fileURLToPath(import.meta.url));

interface BenchServer {
  child: ChildProcess;
  port: number;
}

function startServer(databaseUrl: string, redis?: string): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, BENCH_POOL: '10' };
  if (redis) env.REDIS_URL = redis;
  else delete env.REDIS_URL;
  return startBenchServer(env, ['--expose-gc', ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [])]);
}

/** The server's RSS and heap after a full GC, in bytes (bench-server.ts answers SIGUSR2). */
function memoryOf(server: BenchServer): Promise<{ rss: number; heap: number; external: number }> {
  return new Promise((resolve) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /MEMORY (\d+) (\d+) (\d+)/.exec(out);
      if (!match) return;
      server.child.stdout!.off('data', onData);
      resolve({ rss: Number(match[1]), heap: Number(match[2]), external: Number(match[3]) });
    };
    server.child.stdout!.on('data', onData);
    server.child.kill('SIGUSR2');
  });
}

/**
 * Waits until the processes are idle (together under 3 ticks, 30 ms of CPU, in 200 ms twice in a
 * row): after the connect storm each connection's presence work (a socket count per connect) can
 * run on for a while, and the fan-out is to be measured without it.
 */
async function waitIdle(pids: number[]): Promise<void> {
  if (process.platform !== 'linux') return;
  const sum = () => pids.reduce((n, pid) => n + processCpuSeconds(pid), 0);
  const started = Date.now();
  let quiet = 0;
  let before = sum();
  while (quiet < 2) {
    await new Promise((r) => setTimeout(r, 200));
    const now = sum();
    quiet = now - before < 0.03 ? quiet + 1 : 0;
    before = now;
    if (Date.now() - started > 120_000) {
      log('  (still busy after 120 s; measuring anyway)');
      return;
    }
  }
}


class Listeners {
  readonly children: ChildProcess[] = [];
  private readonly arrivals = new Map<number, Extract<FromListener, { type: 'arrived' }>[]>();
  private readonly waiting = new Map<number, () => void>();
  private readonly replies: ((m: FromListener) => void)[] = [];
  /** Rejects when a listening process reports an error or exits early: every wait races it. */
  private fail: (err: Error) => void = () => undefined;
  private readonly failed = new Promise<never>((_, reject) => (this.fail = reject));
  private closing = false;

  constructor(count: number) {
    this.failed.catch(() => undefined);
    for (let i = 0; i < count; i++) {
      const child = fork(path.join(here, 'live-listeners.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.on('message', (m: FromListener) => this.onMessage(m));
      child.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`listening process exited (${code})`));
      });
      this.children.push(child);
    }
  }

  private onMessage(m: FromListener) {
    if (m.type === 'arrived') {
      const list = this.arrivals.get(m.id) ?? [];
      list.push(m);
      this.arrivals.set(m.id, list);
      this.waiting.get(m.id)?.();
    } else if (m.type === 'error') {
      this.fail(new Error(`listening process: ${m.message}`));
    } else {
      this.replies.shift()?.(m);
    }
  }

  /** Sends each child its message and resolves with their answers. */
  private ask(messages: ToListener[]): Promise<FromListener[]> {
    let left = messages.length;
    const answers: FromListener[] = [];
    const answered = new Promise<FromListener[]>((resolve) => {
      for (let i = 0; i < messages.length; i++) {
        this.replies.push((m) => {
          answers.push(m);
          if (--left === 0) resolve(answers);
        });
      }
      messages.forEach((m, i) => this.children[i]!.send(m));
    });
    return Promise.race([answered, this.failed]);
  }

  connect(perChild: ListenerTarget[][]) {
    return this.ask(perChild.map((targets) => ({ type: 'connect', targets, batch: CONNECT_BATCH })));
  }

  /** The reports of `reports` children for request `id`, or what came before the deadline. */
  async arrived(id: number, reports: number, timeoutMs: number) {
    const done = () => (this.arrivals.get(id)?.length ?? 0) >= reports;
    if (!done()) {
      const came = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.waiting.set(id, () => {
          if (!done()) return;
          clearTimeout(timer);
          resolve();
        });
      });
      await Promise.race([came, this.failed]);
      this.waiting.delete(id);
    }
    const list = this.arrivals.get(id) ?? [];
    this.arrivals.delete(id);
    return list;
  }

  async close() {
    this.closing = true;
    await this.ask(this.children.map(() => ({ type: 'close' })));
    await Promise.all(this.children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  }

  /** After a failure: ends the processes without asking. */
  kill() {
    this.closing = true;
    for (const c of this.children) if (c.exitCode === null) c.kill('SIGTERM');
  }
}

async function run(label: string, servers: BenchServer[], projectIds: number[]) {
  const ports = servers.map((s) => s.port);
  const tokens: string[] = [];
  for (let i = 0; i < SESSIONS; i++) tokens.push(await benchLogin(ports[i % ports.length]!));
  const before = await Promise.all(servers.map(memoryOf));

  // Socket i: listener i mod L, project i mod 3, instance ⌊i / L⌋ mod n — each listener holds sockets of every project and instance.
  const perChild: ListenerTarget[][] = Array.from({ length: LISTENERS }, () => []);
  const perServer = servers.map(() => 0);
  const perProject = new Map<number, Set<number>>(projectIds.map((p) => [p, new Set()]));
  for (let i = 0; i < SOCKETS; i++) {
    const child = i % LISTENERS;
    const projectId = projectIds[i % PROJECTS]!;
    const server = Math.floor(i / LISTENERS) % servers.length;
    perChild[child]!.push({ port: ports[server]!, token: tokens[i % SESSIONS]!, projectId });
    perServer[server]!++;
    perProject.get(projectId)!.add(child);
  }
  const listeners = new Listeners(LISTENERS);
  const fromResponse: number[] = [];
  const fromSend: number[] = [];
  let bytes = 0;
  const kb = { rss: servers.map(() => NaN), heap: servers.map(() => NaN), external: servers.map(() => NaN) };
  try {
    const connectStarted = Date.now();
    await listeners.connect(perChild);
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    await waitIdle([...servers.map((s) => s.child.pid!), ...listeners.children.map((c) => c.pid!)]);
    const after = await Promise.all(servers.map(memoryOf));
    for (const key of ['rss', 'heap', 'external'] as const) kb[key] = servers.map((_, i) => (after[i]![key] - before[i]![key]) / 1024 / perServer[i]!);
    const memory = servers.map((_, i) => `${kb.rss[i]!.toFixed(1)} KB RSS (${kb.heap[i]!.toFixed(1)} KB heap, ${kb.external[i]!.toFixed(1)} KB external) per socket over ${perServer[i]}`);
    log(`${label}: ${SOCKETS} sockets connected in ${connectSeconds.toFixed(1)} s; server memory: ${memory.join('; ')}`);

    const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` };
    for (let i = 0; i < WARMUP + CHANGES; i++) {
      const projectId = projectIds[i % PROJECTS]!;
      const sentAt = monotonicMs();
      const res = await fetch(`http://127.0.0.1:${ports[0]}/api/bonus/projects/${projectId}/requests`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ customerUsername: `canli${i}`, customerName: 'Canlı Test', amount: '10.00', priority: 3 }),
      });
      const answeredAt = monotonicMs();
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      const id = ((await res.json()) as { data: { id: number } }).data.id;
      const reporters = perProject.get(projectId)!.size;
      const reports = await listeners.arrived(id, reporters, 10_000);
      if (reports.length < reporters) throw new Error(`change ${i}: ${reports.length} of ${reporters} listening processes had it on all their sockets within 10 s`);
      if (i < WARMUP) continue;
      const last = Math.max(...reports.map((r) => r.last));
      // Negative: every socket had the event before the caller had the API's answer (it is emitted first).
      fromResponse.push(last - answeredAt);
      fromSend.push(last - sentAt);
      bytes = reports[0]!.bytes;
    }
    await listeners.close();
  } catch (err) {
    listeners.kill();
    throw err;
  }
  const sorted = [...fromResponse].sort((a, b) => a - b);
  const sent = [...fromSend].sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(1);
  log(
    `${label}: ${SOCKETS} sockets over ${PROJECTS} projects (${Math.round(SOCKETS / PROJECTS)} per room), ${CHANGES} changes — ` +
      `API call sent → last socket: p50 ${fmt(percentile(sent, 50))} ms, p95 ${fmt(percentile(sent, 95))} ms, max ${fmt(sent.at(-1)!)} ms; ` +
      `API response → last socket: p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms, max ${fmt(sorted.at(-1)!)} ms; event payload ${bytes} bytes`,
  );
  return {
    label,
    'sent→last p50': fmt(percentile(sent, 50)),
    'sent→last p95': fmt(percentile(sent, 95)),
    'sent→last max': fmt(sent.at(-1)!),
    'response→last p50': fmt(percentile(sorted, 50)),
    'response→last p95': fmt(percentile(sorted, 95)),
    'response→last max': fmt(sorted.at(-1)!),
    'KB RSS/socket': kb.rss.map((n) => n.toFixed(1)).join(' / '),
    'KB heap/socket': kb.heap.map((n) => n.toFixed(1)).join(' / '),
    bytes,
  };
}

async function stopServers(servers: BenchServer[]) {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
}

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'bonus_live_bench');
  const databaseUrl = scratch.url;
  const servers: BenchServer[] = [];
  try {
    const database = await openPostgres(databaseUrl);
    // The bench manager is a member of all five benchmark projects; the sockets use the first three.
    const { projectIds } = await ensureBenchTenant(database);
    await database.close();
    const rooms = projectIds.slice(0, PROJECTS);
    log(`load average before: ${readLoad()}`);

    servers.push(await startServer(databaseUrl));
    const results = [await run('one instance', servers, rooms)];
    await stopServers(servers.splice(0));

    servers.push(await startServer(databaseUrl, redisUrl), await startServer(databaseUrl, redisUrl));
    results.push(await run('two instances + Redis', servers, rooms));
    console.table(results);
    log(`load average after: ${readLoad()}`);
  } finally {
    await stopServers(servers);
    await scratch.drop();
  }
}

function readLoad(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' ');
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
