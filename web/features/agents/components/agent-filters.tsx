import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus } from '@common/enums';
import { PERFORMANCE_LEVEL_LABELS, PERFORMANCE_LEVELS, type PerformanceLevel } from '@common/agent-metrics';
import { filterBar } from '@web/components/filter-bar';

export interface AgentFilterValues {
  search: string;
  status: AgentStatus | 'all';
  performance: PerformanceLevel | 'all';
}

/** Search (name or username), presence and performance level. */
export const AgentFilters = filterBar<AgentFilterValues>({
  searchPlaceholder: 'Ad veya kullanıcı adı',
  choices: [
    { field: 'status', label: 'Durum', options: [{ value: 'all', label: 'Tümü' }, ...AGENT_STATUSES.map((s) => ({ value: s, label: AGENT_STATUS_LABELS[s] }))] },
    { field: 'performance', label: 'Performans', options: [{ value: 'all', label: 'Tümü' }, ...PERFORMANCE_LEVELS.map((l) => ({ value: l, label: PERFORMANCE_LEVEL_LABELS[l] }))] },
  ],
  className: 'grid gap-3 sm:grid-cols-[1fr_12rem_12rem] sm:items-end',
});
