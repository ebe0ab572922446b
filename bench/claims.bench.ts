import http from 'node:http';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { openPostgres } from '../server/db/client';
import { projectMembers, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { cpuProfileArgs, startBenchServer } from './bench-process';
import { namedCpuSeconds, ownCpuSeconds, processCpuSeconds } from './cpu-time';
import { percentile } from './load';
import { createScratchDatabase } from './scratch-database';
import { ensureBenchTenant, seedBenchRequests } from './seed-bench-requests';

/**
 * `npm run bench:claims`: the claim, the hottest write. CLAIM_AGENTS (50) agents over the 5
 * benchmark projects, each with a socket listening, each in a loop for CLAIM_SECONDS (30): read
 * the first waiting page, claim one of it, complete it — through HTTP, on BENCH_ROWS (1,000,000)
 * requests in a scratch PostgreSQL database on DATABASE_URL's server. Prints claims/s,
 * completions/s, p50/p95/p99 of each, 409 races, and afterwards checks in the database that no
 * request was claimed twice and each completed one has one completion event. The CPU each claim
 * with its completion cost the API process, PostgreSQL and this load generator is printed too, so
 * the rate can be read against what the machine has. BENCH_CPU_PROF=1 writes a V8 CPU profile of
 * the API process to .tmp/cpu-prof/.
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const AGENTS = Number(process.env.CLAIM_AGENTS ?? 50);
const SECONDS = Number(process.env.CLAIM_SECONDS ?? 30);
const PASSWORD = 'bench-agent-password-1';
const log = (s: string) => process.stdout.write(`${s}\n`);

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function call(agent: http.Agent, port: number, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, agent, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'bonus_claims_bench');
  let child: Awaited<ReturnType<typeof startBenchServer>>['child'] | null = null;
  const sockets: Socket[] = [];
  try {
    const database = await openPostgres(scratch.url);
    const { projectIds, userId } = await ensureBenchTenant(database);
    log(`seeding ${ROWS.toLocaleString('en')} requests…`);
    await seedBenchRequests(database, projectIds, userId, ROWS, log);
    const hash = await hashPassword(PASSWORD);
    const agents = await database.db
      .insert(users)
      .values(Array.from({ length: AGENTS }, (_, i) => ({ username: `bench-agent-${i}`, fullName: `Agent ${i}`, role: 'agent' as const, passwordHash: hash, maxLoad: 5 })))
      .returning({ id: users.id, username: users.username });
    await database.db.insert(projectMembers).values(agents.map((a, i) => ({ projectId: projectIds[i % projectIds.length]!, userId: a.id })));
    // Vacuumed and checkpointed after the bulk load: the window measures claims, not the clean-up of the seed.
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`checkpoint`);
    await database.close();

    const server = await startBenchServer({ ...process.env, DATABASE_URL: scratch.url, BENCH_POOL: '20' }, cpuProfileArgs());
    child = server.child;
    const port = server.port;
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: AGENTS * 2 });
    const sessions = await Promise.all(
      agents.map(async (a, i) => {
        const res = await call(keepAlive, port, '', 'POST', '/api/auth/login', { username: a.username, password: PASSWORD });
        if (res.status !== 200) throw new Error(`login ${a.username}: ${res.status} ${res.body}`);
        return { token: (JSON.parse(res.body) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken, projectId: projectIds[i % projectIds.length]! };
      }),
    );
    for (const s of sessions) {
      const socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: s.token }, query: { projectId: String(s.projectId) } });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
    }

    const claims: number[] = [];
    const completions: number[] = [];
    let races = 0;
    let otherErrors = 0;
    let firstError = '';
    const cpu = () => ({ api: processCpuSeconds(child!.pid!), db: namedCpuSeconds('postgres'), load: ownCpuSeconds() });
    const cpuBefore = cpu();
    const started = performance.now();
    const until = started + SECONDS * 1000;
    log(`${AGENTS} agents, ${SECONDS} s…`);
    await Promise.all(
      sessions.map(async (s) => {
        const base = `/api/bonus/projects/${s.projectId}/requests`;
        while (performance.now() < until) {
          const page = await call(keepAlive, port, s.token, 'GET', `${base}?status=waiting&limit=20`);
          const items = (JSON.parse(page.body) as { data: { items: { id: number; amount: string }[] } }).data.items;
          if (items.length === 0) break;
          const pick = items[Math.floor(Math.random() * items.length)]!;
          const claim = await call(keepAlive, port, s.token, 'POST', `${base}/${pick.id}/assign`, {});
          if (claim.status === 409) {
            races++;
            continue;
          }
          if (claim.status !== 200) {
            otherErrors++;
            firstError ||= `claim ${claim.status} ${claim.body.slice(0, 200)}`;
            continue;
          }
          claims.push(claim.ms);
          const done = await call(keepAlive, port, s.token, 'POST', `${base}/${pick.id}/complete`, { confirmAmount: pick.amount, duplicateChecked: true });
          if (done.status !== 200) {
            otherErrors++;
            firstError ||= `complete ${done.status} ${done.body.slice(0, 200)}`;
            continue;
          }
          completions.push(done.ms);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpu();
    // CPU milliseconds per claim with its completion (and the page read and races around it).
    const perPair = (key: 'api' | 'db' | 'load') => +(((cpuAfter[key] - cpuBefore[key]) * 1000) / Math.max(1, completions.length)).toFixed(1);
    const verify = await openPostgres(scratch.url, 2);
    const [doubles] = (
      (await verify.db.execute(sql`
        select
          (select count(*)::int from (select request_id from bonus_request_events where type = 'assigned' group by request_id having count(*) > 1) x) as "doubleClaims",
          (select count(*)::int from (select request_id from bonus_request_events where type = 'completed' group by request_id having count(*) > 1) x) as "doubleCompletions",
          (select count(*)::int from bonus_request_events e where e.type = 'completed' and e.actor_name like 'Agent %') as "completionEvents"`)) as unknown as {
        rows: { doubleClaims: number; doubleCompletions: number; completionEvents: number }[];
      }
    ).rows;
    await verify.close();
    const stats = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1), p99: +percentile(sorted, 99).toFixed(1) };
    };
    const c = stats(claims);
    const d = stats(completions);
    console.table([
      {
        rows: ROWS,
        agents: AGENTS,
        seconds: +seconds.toFixed(1),
        'claims/s': Math.round(claims.length / seconds),
        'completions/s': Math.round(completions.length / seconds),
        'claim p50/p95/p99 ms': `${c.p50} / ${c.p95} / ${c.p99}`,
        'complete p50/p95/p99 ms': `${d.p50} / ${d.p95} / ${d.p99}`,
        '409 races': races,
        'other errors': otherErrors,
        'double claims': doubles!.doubleClaims,
        'double completions': doubles!.doubleCompletions,
        'completion events = completions': doubles!.completionEvents === completions.length,
        'CPU ms per pair: API / PostgreSQL / load': `${perPair('api')} / ${perPair('db')} / ${perPair('load')}`,
      },
    ]);
    if (firstError) log(`first error: ${firstError}`);
    keepAlive.destroy();
  } finally {
    for (const socket of sockets) socket.close();
    child?.kill('SIGTERM');
    if (child && child.exitCode === null) await new Promise((r) => child!.once('exit', r));
    await scratch.drop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
