import { desc, eq, getTableColumns } from 'drizzle-orm';
import { SYNC_MESSAGES, type SyncLog, type SyncProgress } from '@common/schemas/bridge-sync';
import type { DbOrTx } from '../../db/client';
import { syncLogs, users } from '../../db/schema';

export type SyncLogRow = typeof syncLogs.$inferSelect;

/** The log row and the name of the person who started it (null for the schedule or a deleted user). */
export function selectSyncLogs(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(syncLogs), startedByFullName: users.fullName })
    .from(syncLogs)
    .leftJoin(users, eq(users.id, syncLogs.startedByUserId));
}
export const newestFirst = [desc(syncLogs.startedAt), desc(syncLogs.id)] as const;

export function presentSyncLog(row: SyncLogRow & { startedByFullName?: string | null }): SyncLog {
  return {
    id: row.id,
    projectId: row.projectId,
    syncType: row.syncType,
    status: row.status,
    forceFullSync: row.forceFullSync,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    trigger: row.trigger,
    startedByUserId: row.startedByUserId,
    startedByName: row.trigger === 'schedule' ? SYNC_MESSAGES.scheduleName : (row.startedByFullName ?? '-'),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    errorMessage: row.errorMessage,
    rowsTotal: row.rowsTotal,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    rowsFailed: row.rowsFailed,
    errors: row.errors ?? [],
  };
}

export function progressOf(row: SyncLogRow): SyncProgress {
  return {
    logId: row.id,
    projectId: row.projectId,
    syncType: row.syncType,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    rowsTotal: row.rowsTotal,
    rowsRead: row.rowsRead,
    rowsWritten: row.rowsWritten,
    rowsFailed: row.rowsFailed,
  };
}
