import { and, eq, gte, sql } from 'drizzle-orm';
import { SYNC_TYPES } from '@common/enums';
import { successRatePercent, type SyncStats } from '@common/schemas/bridge-sync';
import type { DbOrTx } from '../../db/client';
import { syncLogs } from '../../db/schema';

/** Figures of the project's syncs started in the last `period` days ('30d'). */
export async function getSyncStats(db: DbOrTx, input: { projectId: number; period: string; now: Date }): Promise<SyncStats> {
  const days = Number(input.period.slice(0, -1));
  const since = new Date(input.now.getTime() - days * 86_400_000);
  const where = and(eq(syncLogs.projectId, input.projectId), gte(syncLogs.startedAt, since));
  const [[figures], byType] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        success: sql<number>`count(*) filter (where ${syncLogs.status} = 'success')::int`,
        partial: sql<number>`count(*) filter (where ${syncLogs.status} = 'partial')::int`,
        failed: sql<number>`count(*) filter (where ${syncLogs.status} in ('failed', 'error'))::int`,
        running: sql<number>`count(*) filter (where ${syncLogs.status} in ('running', 'pending'))::int`,
        rowsRead: sql<number>`coalesce(sum(${syncLogs.rowsRead}), 0)::int`,
        rowsWritten: sql<number>`coalesce(sum(${syncLogs.rowsWritten}), 0)::int`,
        rowsFailed: sql<number>`coalesce(sum(${syncLogs.rowsFailed}), 0)::int`,
        averageDurationSeconds: sql<number | null>`round(avg(extract(epoch from ${syncLogs.finishedAt} - ${syncLogs.startedAt}))::numeric, 1)::float8`,
        lastSuccessAt: sql<string | null>`max(${syncLogs.finishedAt}) filter (where ${syncLogs.status} = 'success')`,
      })
      .from(syncLogs)
      .where(where),
    db.select({ syncType: syncLogs.syncType, n: sql<number>`count(*)::int` }).from(syncLogs).where(where).groupBy(syncLogs.syncType),
  ]);
  const total = figures?.total ?? 0;
  const success = figures?.success ?? 0;
  return {
    period: input.period,
    since: since.toISOString(),
    total,
    success,
    partial: figures?.partial ?? 0,
    failed: figures?.failed ?? 0,
    running: figures?.running ?? 0,
    successRate: successRatePercent({ total, success }),
    rowsRead: figures?.rowsRead ?? 0,
    rowsWritten: figures?.rowsWritten ?? 0,
    rowsFailed: figures?.rowsFailed ?? 0,
    averageDurationSeconds: figures?.averageDurationSeconds == null ? null : Number(figures.averageDurationSeconds),
    lastSuccessAt: figures?.lastSuccessAt ? new Date(figures.lastSuccessAt).toISOString() : null,
    byType: Object.fromEntries(SYNC_TYPES.map((t) => [t, byType.find((b) => b.syncType === t)?.n ?? 0])) as SyncStats['byType'],
  };
}
