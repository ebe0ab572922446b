import { effectiveMaxLoad } from '../settings';
import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { AGENT_PERFORMANCE } from '@common/agent-metrics';
import { ACTIVE_STATUSES } from '@common/enums';
import { WORKER_ROLES } from '@common/schemas/agents';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, projectMembers, users } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';

const DAY_MS = 86_400_000;

/** Assigned and in-progress requests per user in a project. */
function loadByUser(db: DbOrTx, projectId: number) {
  return db
    .select({ userId: sql<number>`${bonusRequests.assignedUserId}`.as('load_user_id'), load: sql<number>`count(*)::int`.as('load') })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.projectId, projectId), inArray(bonusRequests.status, [...ACTIVE_STATUSES]), isNotNull(bonusRequests.assignedUserId)))
    .groupBy(bonusRequests.assignedUserId)
    .as('agent_load');
}

/** Completions per user in a project: all time, and within the performance period (and SLA). */
function completionsByUser(db: DbOrTx, projectId: number, since: Date) {
  const sinceIso = since.toISOString();
  const withinSla = sql`${bonusRequests.completedAt} - coalesce(${bonusRequests.assignedAt}, ${bonusRequests.createdAt}) <= make_interval(mins => ${AGENT_PERFORMANCE.slaMinutes})`;
  return db
    .select({
      userId: sql<number>`${bonusRequests.completedByUserId}`.as('done_user_id'),
      total: sql<number>`count(*)::int`.as('total'),
      amount: sql<string>`coalesce(sum(${bonusRequests.amount}), 0)::text`.as('amount'),
      recent: sql<number>`(count(*) filter (where ${bonusRequests.completedAt} >= ${sinceIso}::timestamptz))::int`.as('recent'),
      recentInSla: sql<number>`(count(*) filter (where ${bonusRequests.completedAt} >= ${sinceIso}::timestamptz and ${withinSla}))::int`.as('recent_in_sla'),
      lastCompletedAt: sql<string | null>`max(${bonusRequests.completedAt})::text`.as('last_completed_at'),
    })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.status, 'completed'), isNotNull(bonusRequests.completedByUserId)))
    .groupBy(bonusRequests.completedByUserId)
    .as('agent_done');
}

export interface AgentRow {
  id: number;
  username: string;
  fullName: string;
  email: string | null;
  role: (typeof users.$inferSelect)['role'];
  accountActive: boolean;
  maxLoad: number;
  ownMaxLoad: number | null;
  manualStatus: (typeof users.$inferSelect)['manualStatus'];
  forcedOfflineAt: Date | null;
  lastActivityAt: Date | null;
  lastLoginAt: Date | null;
  agentActive: boolean;
  joinedAt: Date;
  currentLoad: number;
  totalCompleted: number;
  totalAmount: string;
  completedInPeriod: number;
  completedWithinSla: number;
  lastCompletedAt: Date | null;
}

/** The project's workers (agents and operators) with their load and completion figures. */
export async function loadAgentRows(
  db: DbOrTx,
  projectId: number,
  opts: { now: Date; userId?: number; search?: string; anyRole?: boolean },
): Promise<AgentRow[]> {
  const load = loadByUser(db, projectId);
  const done = completionsByUser(db, projectId, new Date(opts.now.getTime() - AGENT_PERFORMANCE.defaultPeriodDays * DAY_MS));
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      accountActive: users.isActive,
      maxLoad: effectiveMaxLoad(projectId),
      ownMaxLoad: users.maxLoad,
      manualStatus: users.manualStatus,
      forcedOfflineAt: users.forcedOfflineAt,
      lastActivityAt: users.lastActivityAt,
      lastLoginAt: users.lastLoginAt,
      agentActive: projectMembers.agentActive,
      joinedAt: projectMembers.createdAt,
      currentLoad: load.load,
      totalCompleted: done.total,
      totalAmount: done.amount,
      completedInPeriod: done.recent,
      completedWithinSla: done.recentInSla,
      lastCompletedAt: done.lastCompletedAt,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(load, eq(load.userId, users.id))
    .leftJoin(done, eq(done.userId, users.id))
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        opts.anyRole ? undefined : inArray(users.role, [...WORKER_ROLES]),
        opts.userId !== undefined ? eq(users.id, opts.userId) : undefined,
        opts.search ? or(ilike(users.username, likePattern(opts.search)), ilike(users.fullName, likePattern(opts.search))) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map((r) => ({
    ...r,
    currentLoad: Number(r.currentLoad ?? 0),
    totalCompleted: Number(r.totalCompleted ?? 0),
    totalAmount: r.totalAmount ?? '0',
    completedInPeriod: Number(r.completedInPeriod ?? 0),
    completedWithinSla: Number(r.completedWithinSla ?? 0),
    lastCompletedAt: r.lastCompletedAt ? new Date(r.lastCompletedAt) : null,
  }));
}

/** What presence needs to know of one member: far lighter than the figures above. */
export async function loadPresenceInputs(db: DbOrTx, userId: number, projectId: number) {
  const [row] = await db
    .select({
      accountActive: users.isActive,
      manualStatus: users.manualStatus,
      maxLoad: effectiveMaxLoad(projectId),
      lastActivityAt: users.lastActivityAt,
      agentActive: projectMembers.agentActive,
      // The person's id as a value, not the outer row's column: the plan then reads their active rows
      // through the (assignee, status) index instead of every active row of the project and filtering
      // (a refresh follows every claim and completion; 1.5 ms at 100,000 requests and growing with them).
      currentLoad: sql<number>`(select count(*)::int from ${bonusRequests} where ${bonusRequests.assignedUserId} = ${userId} and ${inArray(bonusRequests.status, [...ACTIVE_STATUSES])} and ${bonusRequests.projectId} = ${projectId})`,
    })
    .from(users)
    .innerJoin(projectMembers, and(eq(projectMembers.userId, users.id), eq(projectMembers.projectId, projectId)))
    .where(eq(users.id, userId));
  return row ? { ...row, currentLoad: Number(row.currentLoad) } : undefined;
}
