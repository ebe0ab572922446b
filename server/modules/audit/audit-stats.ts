import { and, gte, sql } from 'drizzle-orm';
import { AUDIT_CATEGORIES, AUDIT_SEVERITIES, type AuditCategory, type AuditSeverity } from '@common/enums';
import { STATS_PERIOD_DAYS, type AuditStats, type StatsPeriod } from '@common/schemas/audit';
import type { AppContext } from '../../context';
import { auditLogs } from '../../db/schema';
import { visibleInProject } from './audit-visibility';

const counted = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** The four stat cards and the per-severity / per-category counts of a period. */
export async function auditStats(ctx: AppContext, projectId: number, period: StatsPeriod): Promise<AuditStats> {
  const since = new Date(ctx.clock.now().getTime() - STATS_PERIOD_DAYS[period] * 86_400_000);
  const fields: Record<string, ReturnType<typeof counted>> = {
    total: sql<number>`count(*)::int`,
    highSeverity: counted(sql`${auditLogs.severity} in ('high', 'critical')`),
    securityEvents: counted(sql`${auditLogs.category} = 'security'`),
    failedLogins: counted(sql`${auditLogs.action} = 'FAILED_LOGIN'`),
  };
  for (const s of AUDIT_SEVERITIES) fields[`severity_${s}`] = counted(sql`${auditLogs.severity} = ${s}`);
  for (const c of AUDIT_CATEGORIES) fields[`category_${c}`] = counted(sql`${auditLogs.category} = ${c}`);
  const [row] = await ctx.database.db
    .select(fields)
    .from(auditLogs)
    .where(and(visibleInProject(projectId), gte(auditLogs.timestamp, since)));
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    period,
    total: n('total'),
    highSeverity: n('highSeverity'),
    securityEvents: n('securityEvents'),
    failedLogins: n('failedLogins'),
    bySeverity: Object.fromEntries(AUDIT_SEVERITIES.map((s) => [s, n(`severity_${s}`)])) as Record<AuditSeverity, number>,
    byCategory: Object.fromEntries(AUDIT_CATEGORIES.map((c) => [c, n(`category_${c}`)])) as Record<AuditCategory, number>,
  };
}
