import type { ReactNode } from 'react';
import { ANALYTICS_TEXT } from '@common/analytics';

export interface Metric {
  label: string;
  /** Already formatted; null shows 'N/A' with 'Veri bulunamadı'. */
  value: ReactNode | null;
}

/** Label/value pairs of a card (performance metrics, system health). */
export function MetricList({ items }: { items: Metric[] }) {
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {items.map((m) => (
        <div key={m.label} className="flex items-baseline justify-between gap-4 py-2 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">{m.label}</dt>
          <dd className="text-right font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
            {m.value === null ? (
              <>
                {ANALYTICS_TEXT.notAvailable} <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400">{ANALYTICS_TEXT.noData}</span>
              </>
            ) : (
              m.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
