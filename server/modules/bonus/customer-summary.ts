import { sql } from 'drizzle-orm';
import { BONUS_TYPES } from '@common/enums';
import type { CustomerSummary, CustomerSummaryQuery } from '@common/schemas/customer-summary';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, customerKey } from '../../db/schema';
import { cents, customerPaidSince, money } from './completion-target';
import { readDeskSettings } from './desk-settings';
import { isoTimestamp } from './present-request';

const RECENT = 10;
const LAST_DAYS = 30;

type Totals = { key: string; recent: CustomerSummary['recent']; last30: { count: number; amount: string }; open: CustomerSummary['open'] };

/**
 * Before paying, what an agent should know of the customer in this project: their last requests,
 * what they were paid in the last 30 days, what is still open for them, and what is left of the
 * project's customer limits today and this month (the same sums the four-eyes rule checks,
 * `customerPaidSince`). The customer is matched by the customer key, exactly as duplicates and
 * limits match them: their id, else their username without regard to case.
 *
 * One statement reads the customer's rows once through the (project, bonus type, customer key,
 * created_at) index, probed once per bonus type (no index of its own to maintain on every insert):
 * a customer has tens of requests, not thousands, so their rows are gathered and sorted in full.
 */
export async function customerSummary(db: DbOrTx, projectId: number, query: CustomerSummaryQuery, now: Date): Promise<CustomerSummary> {
  const key = customerKey(sql`${query.customerId ?? null}::text`, sql`${query.customerUsername ?? null}::text`);
  const rowKey = customerKey(bonusRequests.customerId, bonusRequests.customerUsername);
  const at = sql`${now.toISOString()}::timestamptz`;
  const part = (statuses: string[]) => {
    const where = sql.raw(`status in (${statuses.map((s) => `'${s}'`).join(', ')})`);
    return sql`json_build_object('count', count(*) filter (where ${where}), 'amount', (coalesce(sum(amount) filter (where ${where}), 0))::text)`;
  };
  const result = await db.execute(sql`
    with k as (select ${key} as key),
    mine as materialized (
      select id, external_id, bonus_type, amount, status, created_at, completed_at
      from bonus_requests
      where project_id = ${projectId} and bonus_type = any(${sql.raw(`array[${BONUS_TYPES.map((t) => `'${t}'`).join(', ')}]`)}) and ${rowKey} = (select key from k)
    )
    select (select key from k) as key,
      (select coalesce(json_agg(json_build_object('id', r.id, 'externalId', r.external_id, 'bonusType', r.bonus_type, 'amount', r.amount::text,
          'status', r.status, 'createdAt', ${isoTimestamp(sql.raw('r.created_at'))}) order by r.created_at desc, r.id desc), '[]'::json)
        from (select * from mine order by created_at desc, id desc limit ${RECENT}) r) as recent,
      (select json_build_object(
          'count', count(*) filter (where status = 'completed' and completed_at >= ${at} - make_interval(days => ${LAST_DAYS})),
          'amount', (coalesce(sum(amount) filter (where status = 'completed' and completed_at >= ${at} - make_interval(days => ${LAST_DAYS})), 0))::text)
        from mine) as last30,
      (select json_build_object('waiting', ${part(['new', 'queued'])}, 'inProgress', ${part(['assigned', 'in_progress'])}, 'pendingApproval', ${part(['pending_approval'])})
        from mine) as open`);
  const [row] = (result as unknown as { rows: Totals[] }).rows;
  const { key: customer, recent, last30, open } = row!;

  const settings = await readDeskSettings(db, projectId);
  const limits: CustomerSummary['limits'] = { daily: null, monthly: null };
  if (settings.customerDailyLimit !== null || settings.customerMonthlyLimit !== null) {
    const used = (await customerPaidSince(db, projectId, settings.timezone, [customer], now)).get(customer)!;
    for (const period of ['daily', 'monthly'] as const) {
      const limit = period === 'daily' ? settings.customerDailyLimit : settings.customerMonthlyLimit;
      if (limit !== null) limits[period] = { limit: money(cents(limit)), used: money(used[period]), left: money(Math.max(0, cents(limit) - used[period])) };
    }
  }
  return { recent, last30Days: last30, open, limits };
}
