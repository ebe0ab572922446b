import { SYNC_TYPE_LABELS, type SyncType } from '@common/enums';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { enqueueNotification } from '../notifications';

/**
 * Tells the project's managers and admins that a sync failed or ended partial, in the
 * transaction that records it; both a run's own end and a restart's clean-up come here.
 */
export function notifySyncEnded(
  ctx: AppContext,
  tx: DbOrTx,
  row: { id: number; projectId: number; syncType: SyncType },
  status: 'failed' | 'partial',
  errorMessage: string | null,
): Promise<number> {
  return enqueueNotification(ctx, tx, {
    projectId: row.projectId,
    event: status === 'failed' ? 'sync_failed' : 'sync_partial',
    lines: [`Senkronizasyon #${row.id} (${SYNC_TYPE_LABELS[row.syncType]}): ${errorMessage ?? ''}`],
  });
}
