import { useState } from 'react';
import { SYNC_MESSAGES, type SyncLog } from '@common/schemas/bridge-sync';
import {
  Card,
  CardHeader,
  EmptyState,
  ErrorState,
  LoadingState,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow,
} from '@web/components/ui';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { useSyncLogs } from '../api/sync-api';
import { syncTypeLabel } from './sync-log-table';
import { SyncStatusBadge } from './sync-status-badge';

const PAGE_SIZE = 10;
const COLUMNS = 9;

/** The error cell: the job's message, and for a partial job the first bad rows. */
function ErrorCell({ log }: { log: SyncLog }) {
  if (!log.errorMessage) return <>-</>;
  if (log.errors.length === 0) return <span className="text-red-700 dark:text-red-300">{log.errorMessage}</span>;
  return (
    <details>
      <summary className="cursor-pointer text-amber-800 dark:text-amber-300">{log.errorMessage}</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-zinc-600 dark:text-zinc-400">
        {log.errors.map((e, i) => (
          <li key={i}>
            {e.externalId ? <span className="font-mono">{e.externalId}</span> : null}
            {e.externalId ? ': ' : null}
            {e.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The logs table of /bridge-sync (spec §2.13): type, status, start, end, error, counts, who started it. */
export function SyncLogsCard({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(1);
  const logs = useSyncLogs(projectId, { page, limit: PAGE_SIZE });
  const items = logs.data?.items;
  return (
    <Card>
      <CardHeader title="Senkronizasyon Logları" description={logs.data ? `${formatNumber(logs.data.total)} kayıt` : undefined} />
      <Table label="Senkronizasyon logları">
        <TableHead>
          <tr>
            <TableHeaderCell>Tür</TableHeaderCell>
            <TableHeaderCell>Durum</TableHeaderCell>
            <TableHeaderCell>Başlangıç</TableHeaderCell>
            <TableHeaderCell>Bitiş</TableHeaderCell>
            <TableHeaderCell>Hata</TableHeaderCell>
            <TableHeaderCell className="text-right">Okunan</TableHeaderCell>
            <TableHeaderCell className="text-right">Yazılan</TableHeaderCell>
            <TableHeaderCell className="text-right">Hatalı</TableHeaderCell>
            <TableHeaderCell>Başlatan</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {logs.isPending ? (
            <TableMessageRow colSpan={COLUMNS}>
              <LoadingState text={SYNC_MESSAGES.logsLoading} />
            </TableMessageRow>
          ) : logs.isError && !items ? (
            <TableMessageRow colSpan={COLUMNS}>
              <ErrorState onRetry={() => void logs.refetch()} />
            </TableMessageRow>
          ) : !items?.length ? (
            <TableMessageRow colSpan={COLUMNS}>
              <EmptyState title={SYNC_MESSAGES.noLogs} description={SYNC_MESSAGES.noLogsHint} />
            </TableMessageRow>
          ) : (
            items.map((log) => (
              <TableRow key={log.id} data-testid="sync-log-row">
                <TableCell className="whitespace-nowrap">{syncTypeLabel(log.syncType)}</TableCell>
                <TableCell>
                  <SyncStatusBadge status={log.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(log.startedAt)}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{log.finishedAt ? formatDateTime(log.finishedAt) : '-'}</TableCell>
                <TableCell className="max-w-sm">
                  <ErrorCell log={log} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatNumber(log.rowsRead)}
                  {log.rowsTotal !== null && log.rowsTotal !== log.rowsRead ? ` / ${formatNumber(log.rowsTotal)}` : ''}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(log.rowsWritten)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(log.rowsFailed)}</TableCell>
                <TableCell className="whitespace-nowrap">{log.startedByName}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {logs.data && logs.data.totalPages > 1 && (
        <div className="border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <Pagination page={page} totalPages={logs.data.totalPages} onPageChange={setPage} />
        </div>
      )}
    </Card>
  );
}
