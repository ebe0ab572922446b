import { sql } from 'drizzle-orm';
import { BONUS_TYPES } from '@common/enums';
import type { CustomerSummary, CustomerSummaryQuery } from '@common/schemas/customer-summary';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bonusRequests, customerKey } from '../../db/schema';
import { SETTINGS_DEFAULTS } from '@common/constants';
import { cents, limitPeriodStarts, money } from './completion-target';
import { isoTimestamp } from './present-request';

const dialect = new PgDialect();
const RECENT = 10;
const LAST_DAYS = 30;

type Totals = {
  key: string;
  recent: CustomerSummary['recent'];
  last30: { count: number; amount: string };
  open: CustomerSummary['open'];
  /** The project's limits and what the customer was paid in their periods (limitPeriodStarts). */
  limits: { dailyLimit: string | null; monthlyLimit: string | null; daily: string; monthly: string } | null;
};

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
export async function customerSummary(database: Database, projectId: number, query: CustomerSummaryQuery, now: Date): Promise<CustomerSummary> {
  const key = customerKey(sql`${query.customerId ?? null}::text`, sql`${query.customerUsername ?? null}::text`);
  const rowKey = customerKey(bonusRequests.customerId, bonusRequests.customerUsername);
  const at = sql`${now.toISOString()}::timestamptz`;
  // The limits' periods, in the project's own time zone (the same rule as the completion's).
  const starts = limitPeriodStarts(at, sql`coalesce(ps.timezone, ${SETTINGS_DEFAULTS.timezone})`);
  const part = (statuses: string[]) => {
    const where = sql.raw(`status in (${statuses.map((s) => `'${s}'`).join(', ')})`);
    return sql`json_build_object('count', count(*) filter (where ${where}), 'amount', (coalesce(sum(amount) filter (where ${where}), 0))::text)`;
  };
  const statement = dialect.sqlToQuery(sql`
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
        from mine) as open,
      (select json_build_object('dailyLimit', ps.customer_daily_limit::text, 'monthlyLimit', ps.customer_monthly_limit::text,
          'daily', (select coalesce(sum(amount), 0) from mine where status = 'completed' and completed_at >= ${starts.daily})::text,
          'monthly', (select coalesce(sum(amount), 0) from mine where status = 'completed' and completed_at >= ${starts.monthly})::text)
        from project_settings ps where ps.project_id = ${projectId}) as limits`);
  // Opened with every detail: a named statement, planned once per connection (its text is the same for every customer).
  const [row] = await database.query<Totals>(statement.sql, statement.params, { name: 'customer_summary' });
  const { recent, last30, open, limits: figures } = row!;

  // One statement answers it all (the detail opens it on every request): the limits come with it.
  const limits: CustomerSummary['limits'] = { daily: null, monthly: null };
  for (const period of ['daily', 'monthly'] as const) {
    const limit = figures?.[period === 'daily' ? 'dailyLimit' : 'monthlyLimit'] ?? null;
    if (limit === null) continue;
    const used = cents(figures![period]);
    limits[period] = { limit: money(cents(limit)), used: money(used), left: money(Math.max(0, cents(limit) - used)) };
  }
  return { recent, last30Days: last30, open, limits };
}
