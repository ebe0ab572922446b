import { useQuery } from '@tanstack/react-query';
import { myQueueQuery } from '@web/entities/bonus-request';
import { useActiveProject } from '@web/stores/session-store';

/** The signed-in user's load in the active project against their capacity ('3/5'), in the header. */
export function OwnLoadBadge({ className }: { className?: string }) {
  const project = useActiveProject();
  const mine = useQuery({ ...myQueueQuery(project?.id ?? 0), enabled: Boolean(project) });
  if (!mine.data) return null;
  const { load, maxLoad } = mine.data;
  const full = load >= maxLoad;
  return (
    <span
      className={`${className ?? ''} rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${full ? 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800' : 'bg-zinc-50 text-zinc-800 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-700'}`}
      title="Üzerinizdeki talepler / kapasiteniz"
      data-testid="own-load"
    >
      <span className="sr-only">Yükünüz: </span>
      {load}/{maxLoad}
    </span>
  );
}
