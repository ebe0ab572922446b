import { Columns3, KanbanSquare } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { focusRing } from '@web/components/ui';

export type DashboardView = 'board' | 'kanban';

/** 'Board' / 'Kanban' (spec §2.4): two toggle buttons, the pressed one is the view shown. */
export function ViewSwitch({ view, onChange }: { view: DashboardView; onChange: (view: DashboardView) => void }) {
  const options = [
    { value: 'board' as const, label: 'Board', icon: Columns3 },
    { value: 'kanban' as const, label: 'Kanban', icon: KanbanSquare },
  ];
  return (
    <div role="group" aria-label="Görünüm" className="inline-flex rounded-lg border border-zinc-200 bg-zinc-100 p-0.5 dark:border-zinc-700 dark:bg-zinc-800">
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
            focusRing,
            view === value
              ? 'bg-white text-zinc-900 shadow-xs dark:bg-zinc-950 dark:text-zinc-50'
              : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
