import { and, eq, inArray, sql } from 'drizzle-orm';
import { SYNC_MESSAGES } from '@common/schemas/bridge-sync';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { syncLogs } from '../../db/schema';
import { writeAudit } from '../audit';
import { notifySyncEnded } from './notify-sync-ended';
import { presentSyncLog, selectSyncLogs } from './present-sync-log';

/**
 * Closes as failed ('Sunucu yeniden başlatıldı') the jobs whose server died mid-run. A job is dead
 * when its heartbeat is older than SYNC_STALE_AFTER_SECONDS: other instances' live jobs keep
 * beating, so this is safe with several instances. `everyRunning` is for the embedded database at
 * start: one process owns its data folder, so every job still 'running' there is dead.
 */
export async function failInterruptedSyncs(ctx: AppContext, options: { everyRunning: boolean; exceptIds?: number[] }): Promise<number> {
  const staleAfter = ctx.config.SYNC_STALE_AFTER_SECONDS;
  const closed = await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(syncLogs)
      .set({ status: 'failed', finishedAt: sql`now()`, errorMessage: SYNC_MESSAGES.serverRestarted })
      .where(
        and(
          inArray(syncLogs.status, ['running', 'pending']),
          options.everyRunning ? undefined : sql`coalesce(${syncLogs.heartbeatAt}, ${syncLogs.startedAt}) < now() - make_interval(secs => ${staleAfter})`,
          options.exceptIds?.length ? sql`${syncLogs.id} <> all(${`{${options.exceptIds.join(',')}}`}::int[])` : undefined,
        ),
      )
      .returning();
    for (const row of rows) {
      await writeAudit(tx, {
        actor: { id: null, username: null },
        action: 'SYNC_FAILED',
        resourceId: row.id,
        projectId: row.projectId,
        details: { syncType: row.syncType, status: 'failed', errorMessage: SYNC_MESSAGES.serverRestarted, rowsRead: row.rowsRead, rowsWritten: row.rowsWritten },
      });
      await notifySyncEnded(ctx, tx, row, 'failed', SYNC_MESSAGES.serverRestarted);
    }
    return rows;
  });
  for (const row of closed) {
    const [presented] = await selectSyncLogs(ctx.database.db).where(eq(syncLogs.id, row.id));
    ctx.realtime.emitToProject(row.projectId, SOCKET_EVENTS.syncFinished, presentSyncLog(presented ?? row));
  }
  if (closed.length) ctx.log.warn({ syncLogIds: closed.map((r) => r.id) }, 'interrupted sync jobs closed as failed');
  return closed.length;
}
