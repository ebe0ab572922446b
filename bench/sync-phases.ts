import pg from 'pg';
import { namedCpuSeconds } from './cpu-time';

/**
 * `BENCH_SYNC_PHASES=1 npm run bench:sync postgres`: where a sync's time goes. Every statement the
 * process sends through `pg` (the source's reads and the target's writes) is timed and grouped by
 * what it does; the target's trigger functions are timed by PostgreSQL itself (track_functions).
 * Statement times include their triggers and index upkeep; with two batches written at once,
 * the sum of the phases exceeds the wall-clock time.
 */
const totals = new Map<string, { ms: number; calls: number }>();
let installed = false;

/** A statement's phase: its verb and table, with the columns or function that tell two apart. */
function phaseOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const known: [RegExp, string][] = [
    [/^insert into bonus_requests /, 'insert new requests (with triggers)'],
    [/^update bonus_requests b set possible_duplicate_of_id/, 'flag possible duplicates'],
    [/^update bonus_requests b set customer_id/, 'update changed requests'],
    [/^insert into bonus_request_events/, 'insert timeline events'],
    [/^insert into "?audit_logs"?/, 'audit row'],
    [/^select .* from "?bonus_requests"? where .*external_id"? = any/, 'load stored (duplicate check)'],
    [/from external_bonus_requests|from bonus_requests .*order by updated_at|^select .* from bonus_requests where .*updated_at/, 'read source page'],
    [/^(begin|commit|rollback)/, 'transaction control'],
    [/^select exists\(select 1 from routing_rules/, 'routing: any active rule?'],
    [/^select v.version, case when v.version/, 'routing: read rules and people'],
    [/^with stats as \( insert into routing_rule_daily_stats/, 'routing: write statistics'],
    [/routing|rule/, 'routing: other'],
    [/sync_watermarks/, 'watermark'],
    [/sync_logs/, 'sync log progress'],
  ];
  for (const [pattern, name] of known) if (pattern.test(flat)) return name;
  return `other: ${flat.slice(0, 60)}`;
}

export function timeStatements(): void {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const result = original.apply(this, args);
    if (!text || !(result instanceof Promise)) return result;
    const started = process.hrtime.bigint();
    const phase = phaseOf(text);
    return result.finally(() => {
      const t = totals.get(phase) ?? { ms: 0, calls: 0 };
      t.ms += Number(process.hrtime.bigint() - started) / 1e6;
      t.calls += 1;
      totals.set(phase, t);
    });
  } as typeof pg.Client.prototype.query;
}

/** CPU seconds of this process and of PostgreSQL's processes when the first import started. */
let cpuAtStart = { node: 0, postgres: 0 };

export function resetStatementTimes(): void {
  totals.clear();
  cpuAtStart = { node: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6, postgres: namedCpuSeconds('postgres') };
}

/** Turns on per-function timing in the target database (superuser only; skipped otherwise). */
export async function trackTriggerFunctions(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = new URL(url).pathname.slice(1);
    await client.query(`alter database ${db} set track_functions = 'pl'`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function triggerTimes(url: string): Promise<{ name: string; calls: number; ms: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ funcname: string; calls: string; self_time: number }>(
      `select funcname, calls::text, self_time from pg_stat_user_functions order by self_time desc`,
    );
    return rows.map((r) => ({ name: r.funcname, calls: Number(r.calls), ms: r.self_time }));
  } finally {
    await client.end();
  }
}

export async function printPhases(log: (s: string) => void, targetUrl: string | null, wallSeconds: number): Promise<void> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6 - cpuAtStart.node;
  const postgres = namedCpuSeconds('postgres') - cpuAtStart.postgres;
  // Source and target share the server here: its CPU is both sides' reading and writing.
  log(`  CPU during the first import: PostgreSQL ${postgres.toFixed(2)} s, this process ${node.toFixed(2)} s (wall ${wallSeconds.toFixed(2)} s)`);
  log(`  where the first import's ${wallSeconds.toFixed(2)} s went (statement time, summed over connections):`);
  const rows = [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [phase, t] of rows) log(`    ${(t.ms / 1000).toFixed(2).padStart(7)} s  ${String(t.calls).padStart(5)} calls  ${phase}`);
  if (!targetUrl) return;
  // The statistics collector publishes a backend's counts when its transaction ends; give it a moment.
  await new Promise((r) => setTimeout(r, 1_000));
  const functions = await triggerTimes(targetUrl);
  if (functions.length === 0) return;
  log('  of which trigger functions (self time):');
  for (const f of functions) log(`    ${(f.ms / 1000).toFixed(2).padStart(7)} s  ${String(f.calls).padStart(5)} calls  ${f.name}()`);
}
