import { TERMS } from '@common/terms';
import { dashboardPeriodDays, eachDay, lastDays, type DashboardPeriod, type DayRange } from '@common/analytics';
import type { ActivityItem, DashboardHealth, DashboardPerformance, DashboardStats } from '@common/contract/dashboard';
import { ACTIVE_STATUSES, PROBLEM_STATUSES, WAITING_STATUSES } from '@common/enums';
import type { AppContext } from '../../context';
import { countActiveAgents } from './active-agents';
import { approvalFiguresPart } from './approval-figures';
import { periodFiguresPart } from './period-figures';
import { IN_RANGE, readRollups, rollupPart, type RollupPart } from './rollup-statement';

/** A timestamp column as `toISOString` writes it. */
const ISO = (expr: string) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function rangeOf(ctx: AppContext, timeZone: string, period: DashboardPeriod): DayRange & { days: number } {
  const days = dashboardPeriodDays(period);
  return { ...lastDays(days, timeZone, ctx.clock.now()), days };
}

/** §7.6 stats: the figures of common/analytics.ts over the last 7, 30 or 90 local days (`timeZone`: the project's). */
export async function dashboardStats(ctx: AppContext, projectId: number, timeZone: string, period: DashboardPeriod): Promise<DashboardStats> {
  const range = rangeOf(ctx, timeZone, period);
  const [{ figures: f, approvals }, activeAgents] = await Promise.all([
    readRollups(ctx.database, 'dashboard_stats', projectId, range, { figures: periodFiguresPart(range), approvals: approvalFiguresPart }),
    countActiveAgents(ctx, projectId),
  ]);
  return {
    period: range,
    totalRequests: f.totalRequests,
    completedRequests: f.completedRequests,
    totalRevenue: f.totalRevenue,
    successRate: f.successRate,
    activeAgents,
    averageProcessingTime: f.averageProcessingTime,
    medianProcessingTime: f.medianProcessingTime,
    p90ProcessingTime: f.p90ProcessingTime,
    dailyAverage: f.dailyAverage,
    requeueCount: f.requeueCount,
    approvals,
  };
}

/** The doughnut's five groups (the five-colour palette): waiting, active, completed, cancelled, error. */
export const STATUS_GROUPS = [
  { key: 'waiting', label: TERMS.waiting, statuses: WAITING_STATUSES },
  { key: 'active', label: TERMS.active, statuses: ACTIVE_STATUSES },
  { key: 'completed', label: TERMS.completed, statuses: ['completed'] },
  { key: 'cancelled', label: 'İptal Edilen', statuses: [PROBLEM_STATUSES[0]!] },
  { key: 'error', label: 'Hatalı', statuses: [PROBLEM_STATUSES[1]!] },
] as const;

export interface AgentTotal {
  agentId: number;
  name: string;
  completedCount: number;
  /** Exact decimal text. */
  totalAmount: string;
}

/** Completed count and amount per agent over the range, best first (agent 0 = none recorded). */
export function agentTotalsPart(limit: number): RollupPart<AgentTotal[]> {
  return rollupPart(
    `select json_agg(json_build_object('agentId', x.agent_id, 'name', x.name, 'completedCount', x.completed, 'totalAmount', x.amount::text)
                     order by x.completed desc, x.amount desc, x.agent_id)
     from (select a.agent_id, coalesce(u.full_name, u.username, 'Atanmamış') as name, a.completed, a.amount
           from (select agent_id, sum(completed)::int completed, sum(amount)::numeric(18,2) amount
                 from bonus_request_daily_agents where ${IN_RANGE}
                 group by agent_id having sum(completed) > 0) a
           left join users u on u.id = a.agent_id
           order by a.completed desc, a.amount desc, a.agent_id limit ${Math.trunc(limit)}) x`,
    (json) => (json as AgentTotal[] | null) ?? [],
  );
}

/** Created and completed per local day over the range (days without requests are absent). */
const dailyTrendPart = rollupPart(
  `select json_object_agg(day, json_build_array(created, completed))
   from (select day::text as day, sum(n)::int created, coalesce(sum(n) filter (where status = 'completed'), 0)::int completed
         from bonus_request_daily where ${IN_RANGE} group by day) d`,
  (json) => new Map(Object.entries((json as Record<string, [number, number]> | null) ?? {})),
);

/** §7.6 performance: created and completed per local day, per agent, and the status distribution. */
export async function dashboardPerformance(ctx: AppContext, projectId: number, timeZone: string, period: DashboardPeriod): Promise<DashboardPerformance> {
  const range = rangeOf(ctx, timeZone, period);
  const { days: byDay, agents, figures } = await readRollups(ctx.database, 'dashboard_performance', projectId, range, {
    days: dailyTrendPart,
    agents: agentTotalsPart(10),
    figures: periodFiguresPart(range),
  });
  const labels = eachDay(range);
  return {
    period: range,
    timeSeries: {
      labels,
      datasets: [
        { label: 'Oluşturulan', data: labels.map((d) => byDay.get(d)?.[0] ?? 0) },
        { label: 'Tamamlanan', data: labels.map((d) => byDay.get(d)?.[1] ?? 0) },
      ],
    },
    agentPerformance: {
      labels: agents.map((a) => a.name),
      datasets: [{ label: 'Tamamlanan', data: agents.map((a) => a.completedCount) }],
      items: agents,
    },
    statusDistribution: {
      labels: STATUS_GROUPS.map((g) => g.label),
      statuses: STATUS_GROUPS.map((g) => g.key),
      data: STATUS_GROUPS.map((g) => g.statuses.reduce((s, st) => s + (figures.statusCounts[st] ?? 0), 0)),
    },
  };
}

interface ActivityRow {
  id: string | number;
  request_id: number;
  external_id: string | null;
  type: string;
  actor_name: string | null;
  from_status: string | null;
  to_status: string | null;
  at: string;
}

/** §7.6 activity: the project's latest request events, newest first. */
export async function dashboardActivity(ctx: AppContext, projectId: number, limit: number): Promise<ActivityItem[]> {
  const rows = await ctx.database.query<ActivityRow>(
    `select e.id, e.request_id, r.external_id, e.type, e.actor_name, e.from_status, e.to_status,
       ${ISO('e.created_at')} at
     from bonus_request_events e join bonus_requests r on r.id = e.request_id
     where e.project_id = $1 order by e.id desc limit $2`,
    [projectId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    requestId: r.request_id,
    requestLabel: r.external_id ?? `Talep #${r.request_id}`,
    action: r.type,
    actorName: r.actor_name,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    at: r.at,
  }));
}

interface HealthRow {
  sync_status: string | null;
  sync_started: string | null;
  sync_finished: string | null;
  oldest_waiting: string | null;
}


/** §7.6 health: what is true now, not fixed entries. */
export async function dashboardHealth(ctx: AppContext, projectId: number): Promise<DashboardHealth> {
  const started = performance.now();
  const database = await ctx.database.ping().then(
    () => ({ status: 'up' as const, roundTripMs: Math.round((performance.now() - started) * 100) / 100 }),
    () => ({ status: 'down' as const, roundTripMs: null }),
  );
  const [redis, sockets, rows] = await Promise.all([
    ctx.realtime.redisStatus(),
    ctx.realtime.projectSocketsByUser(projectId),
    database.status === 'up'
      ? ctx.database.query<HealthRow>(
          `select l.status sync_status, ${ISO('l.started_at')} sync_started, ${ISO('l.finished_at')} sync_finished,
             ${ISO(`least((select created_at from bonus_requests where project_id = $1 and status = 'new' order by created_at limit 1),
                   (select created_at from bonus_requests where project_id = $1 and status = 'queued' order by created_at limit 1))`)} oldest_waiting
           from (select 1) one
           left join lateral (select status, started_at, finished_at from sync_logs where project_id = $1 order by started_at desc, id desc limit 1) l on true`,
          [projectId],
        )
      : Promise.resolve([] as HealthRow[]),
  ]);
  const row = rows[0];
  const now = ctx.clock.now();
  return {
    checkedAt: now.toISOString(),
    uptimeSeconds: Math.floor(process.uptime()),
    database,
    redis,
    openSockets: [...sockets.values()].reduce((s, n) => s + n, 0),
    lastSync: row?.sync_status ? { status: row.sync_status, startedAt: row.sync_started!, finishedAt: row.sync_finished } : null,
    oldestWaitingMinutes: row?.oldest_waiting ? Math.max(0, Math.floor((now.getTime() - new Date(row.oldest_waiting).getTime()) / 60_000)) : null,
  };
}
