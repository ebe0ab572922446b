import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@common/schemas/api';
import { AUDIT_MESSAGES, type AuditDateRange, type AuditListQuery, type AuditLog } from '@common/schemas/audit';
import type { AppContext } from '../../context';
import { SETTINGS_DEFAULTS } from '@common/constants';
import { auditLogs } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/like-pattern';
import { pageOf } from '../../lib/paging';
import { aboutUser, visibleInProject } from './audit-visibility';
import { namePeople, nameResources, resourceKey, type ResourceKey } from './resource-names';

export function presentAuditLog(row: typeof auditLogs.$inferSelect, names: ReadonlyMap<ResourceKey, string> = new Map()): AuditLog {
  return {
    id: row.id,
    timestamp: row.timestamp.toISOString(),
    userId: row.userId,
    username: row.username,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    resourceName: row.resourceId === null ? null : (names.get(resourceKey(row.resource, row.resourceId)) ?? null),
    severity: row.severity,
    category: row.category,
    details: row.details ?? {},
    ipAddress: row.ipAddress,
    projectId: row.projectId,
  };
}

const TRUNC: Record<AuditDateRange, string> = { today: 'day', week: 'week', month: 'month' };

/** A project's log (read in its time zone), or the whole system's (super_admin: rows of no project too). */
export type AuditScope = { projectId: number; timeZone: string } | 'system';

const scopeCondition = (scope: AuditScope): SQL | undefined => (scope === 'system' ? undefined : visibleInProject(scope.projectId));

/** Since the start of today / this week / this month in the project's time zone (Istanbul for the system view). */
function rangeStart(ctx: AppContext, scope: AuditScope, range: AuditDateRange): SQL {
  const tz = scope === 'system' ? SETTINGS_DEFAULTS.timezone : scope.timeZone;
  return gte(auditLogs.timestamp, sql`date_trunc(${TRUNC[range]}, ${ctx.clock.now().toISOString()}::timestamptz, ${tz})`);
}

export type AuditListOptions = AuditListQuery & { aboutUserId?: number };

/** A project's (or the system's) audit log, newest first, filtered and paged. */
export async function listAuditLogs(ctx: AppContext, scope: AuditScope, query: AuditListOptions): Promise<Paged<AuditLog>> {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 20);
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (query.aboutUserId !== undefined) conditions.push(aboutUser(query.aboutUserId));
  if (query.severity) conditions.push(eq(auditLogs.severity, query.severity));
  if (query.category) conditions.push(eq(auditLogs.category, query.category));
  if (query.dateRange) conditions.push(rangeStart(ctx, scope, query.dateRange));
  if (query.search) {
    const like = likePattern(query.search);
    conditions.push(
      or(
        ilike(auditLogs.username, like),
        ilike(auditLogs.action, like),
        ilike(auditLogs.resource, like),
        ilike(auditLogs.resourceId, like),
        sql`host(${auditLogs.ipAddress}) ilike ${like}`,
        sql`${auditLogs.details}::text ilike ${like}`,
      ),
    );
  }
  const where = and(...conditions);
  const db = ctx.database.db;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLogs).where(where);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const names = await nameResources(db, rows);
  return pageOf(
    rows.map((row) => presentAuditLog(row, names)),
    total,
    page,
    limit,
  );
}

export async function getAuditLog(ctx: AppContext, scope: AuditScope, id: number): Promise<AuditLog> {
  const [row] = await ctx.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.id, id), scopeCondition(scope)));
  if (!row) throw notFound(AUDIT_MESSAGES.notFound);
  const [names, people] = await Promise.all([nameResources(ctx.database.db, [row]), namePeople(ctx.database.db, row.details ?? {})]);
  return { ...presentAuditLog(row, names), people };
}
