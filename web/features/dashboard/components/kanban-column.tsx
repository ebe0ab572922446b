import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import type { RequestStatusGroup } from '@common/schemas/bonus';
import { Badge } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { formatNumber } from '@web/lib/format';

/** A drop target column with its title and count. */
export function KanbanColumn({ id, title, count, children }: { id: RequestStatusGroup; title: string; count: number | undefined; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  const headingId = `kanban-column-${id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={id}
      className={cn(
        'flex min-h-96 w-72 shrink-0 flex-col rounded-xl border bg-zinc-50 transition-colors xl:w-0 xl:min-w-0 xl:flex-1 dark:bg-zinc-900/50',
        isOver ? 'border-indigo-400 bg-indigo-50/60 dark:border-indigo-500 dark:bg-indigo-500/10' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <div className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          {title}
        </h3>
        {count !== undefined && <Badge aria-label={`${formatNumber(count)} talep`}>{formatNumber(count)}</Badge>}
      </div>
      <div className="flex-1 px-3 pb-3">{children}</div>
    </section>
  );
}
