import { computePerformance, performanceLevel } from '@common/agent-metrics';
import type { Agent, AgentList, AgentListQuery } from '@common/schemas/agents';
import { AGENT_MESSAGES } from '@common/schemas/agents';
import type { AppContext } from '../../context';
import { agentAbilities } from '../../policies/agent-policy';
import type { Caller } from '../../policies/actor';
import { notFound } from '../../lib/errors';
import { loadAgentRows, type AgentRow } from './agent-queries';
import { deriveAgentStatus } from './agent-status';

function latest(...dates: (Date | null)[]): Date | null {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

function presentAgent(row: AgentRow, sockets: number, now: Date): Agent {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    status: deriveAgentStatus({ ...row, sockets, now }),
    manualStatus: row.manualStatus,
    forcedOfflineAt: row.forcedOfflineAt?.toISOString() ?? null,
    isActive: row.agentActive,
    accountActive: row.accountActive,
    currentLoad: row.currentLoad,
    maxLoad: row.maxLoad,
    ownMaxLoad: row.ownMaxLoad,
    performance: computePerformance(row.completedInPeriod, row.completedWithinSla),
    totalCompleted: row.totalCompleted,
    totalAmount: row.totalAmount,
    lastActivity: latest(row.lastActivityAt, row.lastLoginAt, row.lastCompletedAt)?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  };
}

async function withStatus(ctx: AppContext, projectId: number, rows: AgentRow[]): Promise<Agent[]> {
  const now = ctx.clock.now();
  const sockets = await Promise.all(rows.map((r) => ctx.realtime.countUserSockets(r.id, projectId)));
  return rows.map((r, i) => presentAgent(r, sockets[i]!, now));
}

/** The agents screen: every worker of the project with live status and figures, filtered. */
export async function listAgents(ctx: AppContext, actor: Caller, projectId: number, query: AgentListQuery): Promise<AgentList> {
  const rows = await loadAgentRows(ctx.database.db, projectId, { now: ctx.clock.now(), search: query.search });
  const all = await withStatus(ctx, projectId, rows);
  // Status and performance are computed, not stored, so they filter here.
  const items = all.filter(
    (a) =>
      (!query.status || query.status === 'all' || a.status === query.status) &&
      (!query.performance || query.performance === 'all' || performanceLevel(a.performance) === query.performance),
  );
  const count = (status: Agent['status']) => items.filter((a) => a.status === status).length;
  return {
    items: items.map((agent) => ({ ...agent, abilities: agentAbilities(actor, agent) })),
    totals: {
      total: items.length,
      online: count('online'),
      busy: count('busy'),
      away: count('away'),
      offline: count('offline'),
      // 'aktif görevde': on duty (online or busy) with work in hand; an offline member's load does not count.
      withActiveTasks: items.filter((a) => a.currentLoad > 0 && (a.status === 'online' || a.status === 'busy')).length,
    },
  };
}

/** One worker of the project, or 404 'Agent bulunamadı'. */
export async function getAgent(ctx: AppContext, projectId: number, userId: number): Promise<Agent> {
  const rows = await loadAgentRows(ctx.database.db, projectId, { now: ctx.clock.now(), userId });
  if (!rows[0]) throw notFound(AGENT_MESSAGES.notFound);
  const [agent] = await withStatus(ctx, projectId, rows);
  return agent!;
}
