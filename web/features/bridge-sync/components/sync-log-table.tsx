import { SYNC_TYPE_LABELS, type SyncType } from '@common/enums';
import { SYNC_MESSAGES, type SyncLog } from '@common/schemas/bridge-sync';
import { EmptyState, ErrorState, LoadingState, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableMessageRow, TableRow } from '@web/components/ui';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { useLiveSync, useSyncLogs } from '../api/sync-api';
import { SyncStatusBadge } from './sync-status-badge';

export const syncTypeLabel = (type: string) => SYNC_TYPE_LABELS[type as SyncType] ?? type;

type SyncLogsQuery = ReturnType<typeof useSyncLogs>;

/** The error cell of the full log: the job's message, and for a partial job the first bad rows. */
function ErrorDetails({ log }: { log: SyncLog }) {
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

/** What the body shows: loading, a failure, no jobs, or the rows. Rows already on screen stay when a refetch fails (a banner says so). */
function stateOf(logs: SyncLogsQuery): 'loading' | 'failed' | 'empty' | 'rows' {
  const items = logs.data?.items;
  if (logs.isPending) return 'loading';
  if (logs.isError && !items) return 'failed';
  return items?.length ? 'rows' : 'empty';
}

/** The body's one row in place of jobs, each list in its own words. */
function SyncLogMessage({ logs, full, state, columns }: { logs: SyncLogsQuery; full: boolean; state: 'loading' | 'failed' | 'empty'; columns: number }) {
  let content;
  if (state === 'loading') content = <LoadingState text={full ? SYNC_MESSAGES.logsLoading : SYNC_MESSAGES.dashboardLogsLoading} />;
  else if (state === 'failed') content = <ErrorState query={logs} className={full ? undefined : 'py-6'} />;
  else content = full ? <EmptyState title={SYNC_MESSAGES.noLogs} description={SYNC_MESSAGES.noLogsHint} /> : <EmptyState title={SYNC_MESSAGES.dashboardNoLogs} className="py-6" />;
  return <TableMessageRow colSpan={columns}>{content}</TableMessageRow>;
}

/**
 * The sync jobs as a table, for both lists: the dashboard's latest jobs (spec §2.4: Tür, Durum,
 * Başlangıç, Bitiş, Hata) and, with `full`, the log of /bridge-sync (spec §2.13), which adds the
 * counts, who started the job and a partial job's bad rows.
 */
export function SyncLogList({ logs, full = false, label }: { logs: SyncLogsQuery; full?: boolean; label: string }) {
  const columns = full ? 9 : 5;
  const state = stateOf(logs);
  return (
    <>
    {state === 'rows' && logs.isError && <ErrorState variant="banner" query={logs} className="mb-2" />}
    <Table label={label}>
      <TableHead>
        <tr>
          <TableHeaderCell>Tür</TableHeaderCell>
          <TableHeaderCell>Durum</TableHeaderCell>
          <TableHeaderCell>Başlangıç</TableHeaderCell>
          <TableHeaderCell>Bitiş</TableHeaderCell>
          <TableHeaderCell>Hata</TableHeaderCell>
          {full && (
            <>
              <TableHeaderCell className="text-right">Okunan</TableHeaderCell>
              <TableHeaderCell className="text-right">Yazılan</TableHeaderCell>
              <TableHeaderCell className="text-right">Hatalı</TableHeaderCell>
              <TableHeaderCell>Başlatan</TableHeaderCell>
            </>
          )}
        </tr>
      </TableHead>
      <TableBody>
        {state !== 'rows'
          ? <SyncLogMessage logs={logs} full={full} state={state} columns={columns} />
          : logs.data!.items.map((log) => (
              <TableRow key={log.id} data-testid={full ? 'sync-log-row' : undefined}>
                <TableCell className={full ? 'whitespace-nowrap' : undefined}>{syncTypeLabel(log.syncType)}</TableCell>
                <TableCell>
                  <SyncStatusBadge status={log.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(log.startedAt)}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{log.finishedAt ? formatDateTime(log.finishedAt) : '-'}</TableCell>
                {full ? (
                  <>
                    <TableCell className="max-w-sm">
                      <ErrorDetails log={log} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatNumber(log.rowsRead)}
                      {log.rowsTotal !== null && log.rowsTotal !== log.rowsRead ? ` / ${formatNumber(log.rowsTotal)}` : ''}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(log.rowsWritten)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(log.rowsFailed)}</TableCell>
                    <TableCell className="whitespace-nowrap">{log.startedByName}</TableCell>
                  </>
                ) : (
                  <TableCell className="max-w-xs truncate" title={log.errorMessage ?? undefined}>
                    {log.errorMessage ?? '-'}
                  </TableCell>
                )}
              </TableRow>
            ))}
      </TableBody>
    </Table>
    </>
  );
}

/**
 * The dashboard's bridge sync log list (spec §2.4), live: a new job and a finished one show up
 * without a reload. Mount it on the dashboard with the active project's id.
 */
export function SyncLogTable({ projectId, limit = 5 }: { projectId: number; limit?: number }) {
  useLiveSync(projectId);
  const logs = useSyncLogs(projectId, { page: 1, limit });
  return <SyncLogList logs={logs} label="Bridge senkronizasyon kayıtları" />;
}
