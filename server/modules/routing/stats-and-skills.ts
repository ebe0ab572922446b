import { and, asc, eq, sql } from 'drizzle-orm';
import type { AgentSkills, RoutingStats, RoutingTarget } from '@common/schemas/routing';
import { ROUTING_MESSAGES } from '@common/schemas/routing';
import type { z } from 'zod';
import type { agentSkillsBody } from '@common/schemas/routing';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { projectMembers, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { readProjectTimeZone } from '../settings';
import { localDate } from '@common/time-zone';


const DAY_MS = 86_400_000;

/** Per rule: matches and assignments today and over the last 7 days (project's time zone), total assignments, last match. */
export async function routingStats(ctx: AppContext, projectId: number): Promise<RoutingStats> {
  const timeZone = await readProjectTimeZone(ctx.database.db, projectId);
  const now = ctx.clock.now();
  const today = localDate(timeZone, now);
  // Six days before today's date (calendar arithmetic on the date, not on the instant).
  const weekStart = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * DAY_MS).toISOString().slice(0, 10);
  const result = await ctx.database.db.execute(sql`
    select r.id as rule_id, r.assignments_total,
      to_char(r.last_matched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_matched_at,
      coalesce(sum(s.matches) filter (where s.day = ${today}::date), 0)::int as matches_today,
      coalesce(sum(s.matches), 0)::int as matches_7d,
      coalesce(sum(s.assignments) filter (where s.day = ${today}::date), 0)::int as assignments_today,
      coalesce(sum(s.assignments), 0)::int as assignments_7d
    from routing_rules r
    left join routing_rule_daily_stats s on s.rule_id = r.id and s.day between ${weekStart}::date and ${today}::date
    where r.project_id = ${projectId}
    group by r.id
    order by r.priority desc, r.position, r.id`);
  type Row = { rule_id: number; assignments_total: number; last_matched_at: string | null; matches_today: number; matches_7d: number; assignments_today: number; assignments_7d: number };
  return {
    items: (result as unknown as { rows: Row[] }).rows.map((r) => ({
      ruleId: Number(r.rule_id),
      matchesToday: Number(r.matches_today),
      matches7d: Number(r.matches_7d),
      assignmentsToday: Number(r.assignments_today),
      assignments7d: Number(r.assignments_7d),
      assignmentsTotal: Number(r.assignments_total),
      lastMatchedAt: r.last_matched_at,
    })),
  };
}

/** Every member of the project, for the user strategy's select. */
export async function routingTargets(db: DbOrTx, projectId: number): Promise<RoutingTarget[]> {
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, username: users.username, role: users.role, accountActive: users.isActive, agentActive: projectMembers.agentActive })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, username: r.username, role: r.role, isActive: r.accountActive && r.agentActive }));
}

export async function listAgentSkills(db: DbOrTx, projectId: number): Promise<AgentSkills[]> {
  const rows = await db
    .select({ userId: projectMembers.userId, bonusTypes: projectMembers.skillBonusTypes, customerSegments: projectMembers.skillSegments })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.userId));
  return rows.map((r) => ({ userId: r.userId, bonusTypes: r.bonusTypes as AgentSkills['bonusTypes'], customerSegments: r.customerSegments as AgentSkills['customerSegments'] }));
}

/** Saves a member's skills (audited before/after); new skills may make them the target of waiting requests. */
export async function updateAgentSkills(scope: ActorContext, { projectId, userId, ...body }: { projectId: number; userId: number } & z.output<typeof agentSkillsBody>): Promise<AgentSkills> {
  const result = await scope.ctx.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ bonusTypes: projectMembers.skillBonusTypes, customerSegments: projectMembers.skillSegments })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .for('update');
    if (!before) throw notFound(ROUTING_MESSAGES.agentNotFound);
    await tx
      .update(projectMembers)
      .set({ skillBonusTypes: body.bonusTypes, skillSegments: body.customerSegments })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'UPDATE_AGENT_SKILLS',
      resourceId: userId,
      details: { before, after: { bonusTypes: body.bonusTypes, customerSegments: body.customerSegments } },
      ipAddress: scope.ipAddress,
      projectId,
    });
    return { userId, bonusTypes: body.bonusTypes, customerSegments: body.customerSegments };
  });
  // New skills may make the agent the target of waiting requests.
  scope.ctx.events.publish('membersBecameEligible', { projectId, userIds: [userId] });
  return result;
}
