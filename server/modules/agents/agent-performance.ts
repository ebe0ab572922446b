import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { AGENT_PERFORMANCE, computePerformance } from '@common/agent-metrics';
import type { AgentPerformance } from '@common/schemas/agents';
import { STATS_PERIOD_DAYS, type StatsPeriod } from '@common/schemas/audit';
import type { AppContext } from '../../context';
import { bonusRequests } from '../../db/schema';
import { readProjectTimeZone } from '../settings';
import { getAgent } from './list-agents';

/** One agent's completions over a period, day by day, with the §9 performance figure. */
export async function agentPerformance(ctx: AppContext, projectId: number, userId: number, period: StatsPeriod): Promise<AgentPerformance> {
  const agent = await getAgent(ctx, projectId, userId);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - STATS_PERIOD_DAYS[period] * 86_400_000);
  const handle = sql`extract(epoch from (${bonusRequests.completedAt} - coalesce(${bonusRequests.assignedAt}, ${bonusRequests.createdAt}))) / 60`;
  const done = and(
    eq(bonusRequests.projectId, projectId),
    eq(bonusRequests.completedByUserId, userId),
    eq(bonusRequests.status, 'completed'),
    isNotNull(bonusRequests.completedAt),
    gte(bonusRequests.completedAt, since),
  );
  const [summary] = await ctx.database.db
    .select({
      completed: sql<number>`count(*)::int`,
      withinSla: sql<number>`(count(*) filter (where ${handle} <= ${AGENT_PERFORMANCE.slaMinutes}))::int`,
      amount: sql<string>`coalesce(sum(${bonusRequests.amount}), 0)::text`,
      averageMinutes: sql<string | null>`avg(${handle})::text`,
    })
    .from(bonusRequests)
    .where(done);
  // Days are calendar days of the project's time zone (its settings).
  const timeZone = await readProjectTimeZone(ctx.database.db, projectId);
  const day = sql<string>`to_char(${bonusRequests.completedAt} at time zone ${timeZone}::text, 'YYYY-MM-DD')`;
  const daily = await ctx.database.db
    .select({ date: day, completed: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${bonusRequests.amount}), 0)::text` })
    .from(bonusRequests)
    .where(done)
    // By position: the zone is a parameter, and two parameters are never the same expression to PostgreSQL.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const completed = Number(summary?.completed ?? 0);
  const withinSla = Number(summary?.withinSla ?? 0);
  return {
    agentId: userId,
    period,
    completed,
    completedWithinSla: withinSla,
    performance: computePerformance(completed, withinSla),
    totalAmount: summary?.amount ?? '0',
    averageHandleMinutes: summary?.averageMinutes == null ? null : Math.round(Number(summary.averageMinutes) * 10) / 10,
    currentLoad: agent.currentLoad,
    maxLoad: agent.maxLoad,
    daily: daily.map((d) => ({ date: d.date, completed: Number(d.completed), amount: d.amount })),
  };
}
