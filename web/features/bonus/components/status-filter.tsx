import { TERMS } from '@common/terms';
import { cn } from '@web/lib/cn';
import { focusRing } from '@web/components/ui';
import { STATUS_FILTERS, type StatusFilter } from '../model/table-url-state';

/** The status filter buttons; the pressed one is the filter in use. */
const chip = (pressed: boolean) =>
  cn(
    'h-8 rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset',
    focusRing,
    pressed
      ? 'bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:ring-indigo-500'
      : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800',
  );

export function StatusFilterButtons({
  value,
  onChange,
  mine,
  onMineChange,
}: {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
  mine: boolean;
  onMineChange: (mine: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="group" aria-label="Durum filtresi" className="flex flex-wrap gap-1.5">
        {STATUS_FILTERS.map((filter) => (
          <button key={filter.value} type="button" aria-pressed={value === filter.value} onClick={() => onChange(filter.value)} className={chip(value === filter.value)}>
            {filter.label}
          </button>
        ))}
      </div>
      <button type="button" aria-pressed={mine} onClick={() => onMineChange(!mine)} className={chip(mine)}>
        {TERMS.mineFilter}
      </button>
    </div>
  );
}
