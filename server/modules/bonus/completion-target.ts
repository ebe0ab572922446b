import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalDetails, CustomerLimitPeriod } from '@common/approval';
import type { DbOrTx } from '../../db/client';
import { sqlArray } from '../../db/sql-arrays';
import { bonusRequests, customerKey } from '../../db/schema';
import { readDeskSettings } from './desk-settings';

/**
 * Four eyes: where a completion leads. At or above the project's approval threshold, or past a
 * customer's daily or monthly limit (completed amounts of the same customer — customer id, else
 * username — since the local day or month began, in the project's time zone), it waits in
 * 'pending_approval' for a second person; otherwise it completes. Decided inside the move
 * operation's transaction; the customers' advisory locks make two completions for one customer
 * count one after the other, so two agents cannot both stay under a limit they cross together.
 */
export interface CompletionTarget {
  to: 'completed' | 'pending_approval';
  approval: ApprovalDetails | null;
}

/** Money as whole cents: exact for the 12 digits and 2 decimals a request's amount may have. */
export function cents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

interface Candidate {
  id: number;
  amount: string;
  customer: string | null;
}

export async function completionTargets(tx: DbOrTx, projectId: number, ids: readonly number[], now: Date): Promise<Map<number, CompletionTarget>> {
  const settings = await readDeskSettings(tx, projectId);
  const limits = { daily: settings.customerDailyLimit, monthly: settings.customerMonthlyLimit } satisfies Record<CustomerLimitPeriod, string | null>;
  const targets = new Map<number, CompletionTarget>(ids.map((id) => [id, { to: 'completed', approval: null }]));
  if (settings.approvalThreshold === null && limits.daily === null && limits.monthly === null) return targets;

  const result = await tx.execute(sql`
    select id, amount::text as amount, ${customerKey(bonusRequests.customerId, bonusRequests.customerUsername)} as customer
    from bonus_requests where project_id = ${projectId} and id = any(${sqlArray([...ids], 'int')}) order by id`);
  const candidates = (result as unknown as { rows: Candidate[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
  const used = limits.daily !== null || limits.monthly !== null ? await customerUsage(tx, projectId, settings.timezone, candidates, now) : new Map<string, Record<CustomerLimitPeriod, number>>();

  for (const row of candidates) {
    const amount = cents(row.amount);
    const threshold = settings.approvalThreshold !== null && amount >= cents(settings.approvalThreshold) ? settings.approvalThreshold : null;
    const customerLimits: ApprovalDetails['customerLimits'] = [];
    const usage = row.customer === null ? undefined : used.get(row.customer);
    if (usage) {
      for (const period of ['daily', 'monthly'] as const) {
        const limit = limits[period];
        if (limit !== null && usage[period] + amount > cents(limit)) {
          customerLimits.push({ period, used: money(usage[period]), limit: money(cents(limit)), amount: money(amount) });
        }
      }
    }
    if (threshold !== null || customerLimits.length > 0) {
      targets.set(row.id, { to: 'pending_approval', approval: { threshold: threshold === null ? null : money(cents(threshold)), customerLimits } });
    } else if (usage) {
      // A completion of the same batch counts toward the next one of that customer.
      usage.daily += amount;
      usage.monthly += amount;
    }
  }
  return targets;
}

/**
 * What each customer was paid since the local day and the local month began, read after taking
 * the customers' advisory locks (in a fixed order, so two batches never wait on each other).
 */
async function customerUsage(tx: DbOrTx, projectId: number, timeZone: string, candidates: Candidate[], now: Date): Promise<Map<string, Record<CustomerLimitPeriod, number>>> {
  const customers = [...new Set(candidates.map((c) => c.customer).filter((c): c is string => c !== null))].sort();
  if (customers.length === 0) return new Map();
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended('customer-limit:' || ${projectId}::text || ':' || c, 0))
    from unnest(${sqlArray(customers, 'text')}) with ordinality as t(c, n) order by n`);
  return customerPaidSince(tx, projectId, timeZone, customers, now);
}

/** When the local day and the local month of `at` began in `timeZone` (a value or a column): where the limits count from. */
export function limitPeriodStarts(at: SQL, timeZone: SQL | string): Record<CustomerLimitPeriod, SQL> {
  return {
    daily: sql`(date_trunc('day', ${at} at time zone ${timeZone}) at time zone ${timeZone})`,
    monthly: sql`(date_trunc('month', ${at} at time zone ${timeZone}) at time zone ${timeZone})`,
  };
}

/**
 * The one rule of what counts toward a customer's limits: the completed amounts of each customer
 * (by customer key) since the local day and the local month of `now` began in the project's time
 * zone, in cents. Read without locks here; the customer summary shows it as it reads it.
 */
export async function customerPaidSince(db: DbOrTx, projectId: number, timeZone: string, customers: readonly string[], now: Date): Promise<Map<string, Record<CustomerLimitPeriod, number>>> {
  const usage = new Map<string, Record<CustomerLimitPeriod, number>>(customers.map((c) => [c, { daily: 0, monthly: 0 }]));
  if (customers.length === 0) return usage;
  const at = sql`${now.toISOString()}::timestamptz`;
  const { daily: dayStart, monthly: monthStart } = limitPeriodStarts(at, timeZone);
  const key = customerKey(bonusRequests.customerId, bonusRequests.customerUsername);
  const result = await db.execute(sql`
    select ${key} as customer,
      coalesce(sum(amount) filter (where completed_at >= ${dayStart}), 0)::text as daily,
      coalesce(sum(amount), 0)::text as monthly
    from bonus_requests
    where project_id = ${projectId} and status = 'completed' and ${key} = any(${sqlArray([...customers], 'text')})
      and completed_at >= least(${dayStart}, ${monthStart})
    group by 1`);
  for (const r of (result as unknown as { rows: { customer: string; daily: string; monthly: string }[] }).rows) {
    usage.set(r.customer, { daily: cents(r.daily), monthly: cents(r.monthly) });
  }
  return usage;
}
