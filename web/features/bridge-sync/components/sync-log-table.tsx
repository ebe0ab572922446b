import { SYNC_TYPE_LABELS, type SyncType } from '@common/enums';
import { SYNC_MESSAGES, type SyncLog } from '@common/schemas/bridge-sync';
import { EmptyState, LoadingState, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableMessageRow, TableRow } from '@web/components/ui';
import { errorMessage } from '@web/lib/api-error';
import { formatDateTime } from '@web/lib/format';
import { useLiveSync, useSyncLogs } from '../api/sync-api';
import { SyncStatusBadge } from './sync-status-badge';

export const syncTypeLabel = (type: string) => SYNC_TYPE_LABELS[type as SyncType] ?? type;

/** The rows of the dashboard's sync log list (spec §2.4): Tür, Durum, Başlangıç, Bitiş, Hata. */
export function SyncLogRows({ logs, loading, error }: { logs: SyncLog[] | undefined; loading: boolean; error?: unknown }) {
  if (loading) {
    return (
      <TableMessageRow colSpan={5}>
        <LoadingState text={SYNC_MESSAGES.dashboardLogsLoading} />
      </TableMessageRow>
    );
  }
  if (error) {
    return (
      <TableMessageRow colSpan={5}>
        <p role="alert" className="py-6 text-center text-sm text-red-600 dark:text-red-400">
          {errorMessage(error)}
        </p>
      </TableMessageRow>
    );
  }
  if (!logs?.length) {
    return (
      <TableMessageRow colSpan={5}>
        <EmptyState title={SYNC_MESSAGES.dashboardNoLogs} className="py-6" />
      </TableMessageRow>
    );
  }
  return logs.map((log) => (
    <TableRow key={log.id}>
      <TableCell>{syncTypeLabel(log.syncType)}</TableCell>
      <TableCell>
        <SyncStatusBadge status={log.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(log.startedAt)}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{log.finishedAt ? formatDateTime(log.finishedAt) : '-'}</TableCell>
      <TableCell className="max-w-xs truncate" title={log.errorMessage ?? undefined}>
        {log.errorMessage ?? '-'}
      </TableCell>
    </TableRow>
  ));
}

/**
 * The dashboard's bridge sync log list (spec §2.4), live: a new job and a finished one show up
 * without a reload. Mount it on the dashboard with the active project's id.
 */
export function SyncLogTable({ projectId, limit = 5 }: { projectId: number; limit?: number }) {
  useLiveSync(projectId);
  const logs = useSyncLogs(projectId, { page: 1, limit });
  return (
    <Table label="Bridge senkronizasyon kayıtları">
      <TableHead>
        <tr>
          <TableHeaderCell>Tür</TableHeaderCell>
          <TableHeaderCell>Durum</TableHeaderCell>
          <TableHeaderCell>Başlangıç</TableHeaderCell>
          <TableHeaderCell>Bitiş</TableHeaderCell>
          <TableHeaderCell>Hata</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        <SyncLogRows logs={logs.data?.items} loading={logs.isPending} error={logs.error} />
      </TableBody>
    </Table>
  );
}
