import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SyncStatus } from '@common/schemas/bridge-sync';
import type { AppContext } from '../../context';
import { syncLogs } from '../../db/schema';
import { newestFirst, progressOf } from './present-sync-log';
import { syncRunnerOf } from './sync-runner';

/** Spec §3 Sync status: is a job running (and how far), all-time counts, and the latest start. */
export async function getSyncStatus(ctx: AppContext, projectId: number): Promise<SyncStatus> {
  const db = ctx.database.db;
  const [[counts], [latest], [running]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        success: sql<number>`count(*) filter (where ${syncLogs.status} = 'success')::int`,
        partial: sql<number>`count(*) filter (where ${syncLogs.status} = 'partial')::int`,
        failed: sql<number>`count(*) filter (where ${syncLogs.status} in ('failed', 'error'))::int`,
      })
      .from(syncLogs)
      .where(eq(syncLogs.projectId, projectId)),
    db.select().from(syncLogs).where(eq(syncLogs.projectId, projectId)).orderBy(...newestFirst).limit(1),
    db
      .select()
      .from(syncLogs)
      .where(and(eq(syncLogs.projectId, projectId), inArray(syncLogs.status, ['running', 'pending'])))
      .limit(1),
  ]);
  return {
    isRunning: Boolean(running),
    statistics: { total: counts?.total ?? 0, success: counts?.success ?? 0, partial: counts?.partial ?? 0, failed: counts?.failed ?? 0 },
    latestSync: latest ? { id: latest.id, startedAt: latest.startedAt.toISOString(), status: latest.status, syncType: latest.syncType } : null,
    // This instance's own job has fresher counts than the row (written with the heartbeat).
    current: running ? (syncRunnerOf(ctx).progress(running.id) ?? progressOf(running)) : null,
  };
}
