import type { SyncProgress } from '@common/schemas/bridge-sync';
import { SYNC_TYPE_LABELS } from '@common/enums';
import { formatNumber } from '@web/lib/format';
import { cn } from '@web/lib/cn';

/** 0–100, or null while the total is not known yet. */
export function progressPercent(progress: Pick<SyncProgress, 'rowsTotal' | 'rowsRead'>): number | null {
  if (progress.rowsTotal === null) return null;
  if (progress.rowsTotal === 0) return 100;
  return Math.min(100, Math.round((progress.rowsRead / progress.rowsTotal) * 100));
}

/** The running job's live bar: rows read of the total, with written and failed counts. */
export function SyncProgressBar({ progress, className }: { progress: SyncProgress; className?: string }) {
  const percent = progressPercent(progress);
  const label = `${SYNC_TYPE_LABELS[progress.syncType]} senkronizasyonu`;
  const read =
    progress.rowsTotal === null
      ? `${formatNumber(progress.rowsRead)} satır okundu`
      : `${formatNumber(progress.rowsRead)} / ${formatNumber(progress.rowsTotal)} satır okundu`;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-zinc-800 dark:text-zinc-100">{label}</span>
        <span className="text-zinc-500 tabular-nums dark:text-zinc-400" data-testid="sync-progress-text">
          {read} · {formatNumber(progress.rowsWritten)} yazıldı · {formatNumber(progress.rowsFailed)} hatalı
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? read : `%${percent} · ${read}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={cn('h-full rounded-full bg-indigo-500 transition-[width] duration-300 dark:bg-indigo-400', percent === null && 'w-1/3 animate-pulse')}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
