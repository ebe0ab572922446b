import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { openPostgres } from '../server/db/client';
import { bonusRequests, users } from '../server/db/schema';
import { benchLogin, startBenchServer } from './bench-process';
import { createScratchDatabase } from './scratch-database';
import { ensureBenchTenant } from './seed-bench-requests';

/**
 * `npm run bench:webhooks`: WEBHOOK_BENCH_COMPLETIONS (1,000) completions through the API, spread
 * evenly over WEBHOOK_BENCH_SECONDS (60), with one webhook endpoint subscribed to
 * `request.completed` on a receiver on 127.0.0.1. For each event: the time from its `occurredAt`
 * (the server's clock when the move was made, just before its commit) to its arrival at the
 * receiver. Prints p50/p95/p99/max, how many arrived, and duplicates. A scratch database on
 * DATABASE_URL's server (default the local PostgreSQL) is dropped afterwards.
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COMPLETIONS = Number(process.env.WEBHOOK_BENCH_COMPLETIONS ?? 1_000);
const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 60);
const log = (s: string) => process.stdout.write(`${s}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'bonus_webhooks_bench');
  const received = new Map<string, number[]>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; occurredAt: string };
      received.set(event.id, [...(received.get(event.id) ?? []), at - Date.parse(event.occurredAt)]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  let child: Awaited<ReturnType<typeof startBenchServer>>['child'] | null = null;
  try {
    const database = await openPostgres(scratch.url);
    const { projectIds, userId } = await ensureBenchTenant(database);
    const projectId = projectIds[0]!;
    // The benchmark user manages the endpoint (an admin's right) and completes the requests.
    await database.db.update(users).set({ role: 'admin', maxLoad: null }).where(eq(users.id, userId));
    const rows = await database.db
      .insert(bonusRequests)
      .values(
        Array.from({ length: COMPLETIONS }, (_, i) => ({
          projectId,
          externalId: `BENCH-WH-${i}`,
          customerUsername: `oyuncu${i}`,
          amount: '10',
          priority: 3,
          status: 'assigned' as const,
          assignedUserId: userId,
          assignedAt: new Date(),
        })),
      )
      .returning({ id: bonusRequests.id });
    await database.close();

    const server = await startBenchServer({ ...process.env, DATABASE_URL: scratch.url, BENCH_POOL: '10', WEBHOOK_ALLOW_PRIVATE: 'true', BENCH_WEBHOOKS: '1' });
    child = server.child;
    const token = await benchLogin(server.port);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const made = await fetch(`http://127.0.0.1:${server.port}/api/projects/${projectId}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: hook, events: ['request.completed'] }) });
    if (made.status !== 201) throw new Error(`webhook: ${made.status} ${await made.text()}`);

    log(`${COMPLETIONS} completions over ${SECONDS} s, one endpoint on ${hook}`);
    const started = performance.now();
    const gap = (SECONDS * 1000) / COMPLETIONS;
    const failures: string[] = [];
    await Promise.all(
      rows.map(async (row, i) => {
        const due = started + i * gap;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const res = await fetch(`http://127.0.0.1:${server.port}/api/bonus/projects/${projectId}/requests/${row.id}/complete`, { method: 'POST', headers, body: '{}' });
        if (res.status !== 200) failures.push(`${res.status} ${await res.text()}`);
      }),
    );
    const sentFor = (performance.now() - started) / 1000;
    const deadline = Date.now() + 60_000;
    while ([...received.keys()].length < COMPLETIONS - failures.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const latencies = [...received.values()].map((v) => v[0]!).sort((a, b) => a - b);
    const duplicates = [...received.values()].filter((v) => v.length > 1).length;
    console.table([
      {
        completions: COMPLETIONS - failures.length,
        'sent in s': sentFor.toFixed(1),
        received: latencies.length,
        duplicates,
        'p50 ms': percentile(latencies, 50),
        'p95 ms': percentile(latencies, 95),
        'p99 ms': percentile(latencies, 99),
        'max ms': latencies.at(-1),
      },
    ]);
    if (failures.length) log(`failed completions: ${failures.length} (first: ${failures[0]})`);
  } finally {
    child?.kill('SIGTERM');
    if (child && child.exitCode === null) await new Promise((r) => child!.once('exit', r));
    receiver.close();
    await scratch.drop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
