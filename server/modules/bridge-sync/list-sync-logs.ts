import { count, eq } from 'drizzle-orm';
import type { SyncLogPage } from '@common/schemas/bridge-sync';
import type { DbOrTx } from '../../db/client';
import { syncLogs } from '../../db/schema';
import { pageOf } from '../../lib/paging';
import { newestFirst, presentSyncLog, selectSyncLogs } from './present-sync-log';

/** A page of the project's sync logs, newest first. */
export async function listSyncLogs(db: DbOrTx, input: { projectId: number; page: number; limit: number }): Promise<SyncLogPage> {
  const [rows, [total]] = await Promise.all([
    selectSyncLogs(db)
      .where(eq(syncLogs.projectId, input.projectId))
      .orderBy(...newestFirst)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(syncLogs).where(eq(syncLogs.projectId, input.projectId)),
  ]);
  const n = Number(total?.n ?? 0);
  return pageOf(rows.map(presentSyncLog), n, input.page, input.limit);
}
