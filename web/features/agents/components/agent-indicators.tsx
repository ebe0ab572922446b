import { useId } from 'react';
import { Info } from 'lucide-react';
import { AGENT_STATUS_LABELS, type AgentStatus } from '@common/enums';
import { loadPercent, loadTone, PERFORMANCE_DEFINITION, performanceTone, type Tone } from '@common/agent-metrics';
import { Badge, focusRing, type BadgeTone } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { formatPercent } from '@web/lib/format';

const STATUS_TONE: Record<AgentStatus, BadgeTone> = { online: 'success', busy: 'warning', away: 'info', offline: 'default' };

export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <Badge tone={STATUS_TONE[status]} dot data-testid="agent-status">
      {AGENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const BAR: Record<Tone, string> = { red: 'bg-red-500', yellow: 'bg-amber-400', green: 'bg-emerald-500' };
const TEXT: Record<Tone, string> = {
  red: 'text-red-600 dark:text-red-400',
  yellow: 'text-amber-600 dark:text-amber-400',
  green: 'text-emerald-600 dark:text-emerald-400',
};

/** §9 load bar: red above 80 %, yellow above 60 %, green otherwise. */
/** `projectDefault`: the agent has no capacity of their own; the project's default applies (settings). */
export function LoadBar({ current, max, projectDefault = false }: { current: number; max: number; projectDefault?: boolean }) {
  const percent = loadPercent(current, max);
  const tone = loadTone(percent);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
        <span>Yük</span>
        <span className="tabular-nums" title={projectDefault ? 'Kapasite: projenin varsayılanı' : undefined}>
          {current} / {max}
          {projectDefault && <span className="ml-1">(varsayılan)</span>}
        </span>
      </div>
      <div
        role="meter"
        aria-label="Yük"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${current} / ${max} (%${percent})`}
        data-tone={tone}
        className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className={cn('h-full rounded-full transition-all', BAR[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** §9 performance colour (≥ 90 green, ≥ 80 yellow, else red) with its definition in a tooltip (hover or focus). */
export function PerformanceValue({ value }: { value: number | null }) {
  const tipId = useId();
  const tone = value === null ? null : performanceTone(value);
  return (
    <span className="inline-flex items-center gap-1">
      <span data-testid="agent-performance" data-tone={tone ?? 'none'} className={cn('font-semibold tabular-nums', tone ? TEXT[tone] : 'text-zinc-400')}>
        {value === null ? '—' : formatPercent(value)}
      </span>
      <span className="group relative inline-flex">
        <button type="button" aria-label="Performans nasıl hesaplanır?" aria-describedby={tipId} className={cn('rounded text-zinc-400 hover:text-zinc-600', focusRing)}>
          <Info aria-hidden="true" className="size-3.5" />
        </button>
        <span
          role="tooltip"
          id={tipId}
          className="invisible absolute bottom-full left-1/2 z-20 mb-2 w-64 -translate-x-1/2 rounded-md bg-zinc-900 px-3 py-2 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-zinc-700"
        >
          {PERFORMANCE_DEFINITION}
        </span>
      </span>
    </span>
  );
}
