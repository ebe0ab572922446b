import { Search } from 'lucide-react';
import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus } from '@common/enums';
import { PERFORMANCE_LEVEL_LABELS, PERFORMANCE_LEVELS, type PerformanceLevel } from '@common/agent-metrics';
import { Input, Select } from '@web/components/ui';

export interface AgentFilterValues {
  search: string;
  status: AgentStatus | 'all';
  performance: PerformanceLevel | 'all';
}

export function AgentFilters({ value, onChange }: { value: AgentFilterValues; onChange: (next: AgentFilterValues) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem] sm:items-end">
      <div className="relative">
        <Input label="Ara" type="search" placeholder="Ad veya kullanıcı adı" value={value.search} className="pl-9" onChange={(e) => onChange({ ...value, search: e.target.value })} />
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
      </div>
      <Select
        label="Durum"
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.target.value as AgentFilterValues['status'] })}
        options={[{ value: 'all', label: 'Tümü' }, ...AGENT_STATUSES.map((s) => ({ value: s, label: AGENT_STATUS_LABELS[s] }))]}
      />
      <Select
        label="Performans"
        value={value.performance}
        onChange={(e) => onChange({ ...value, performance: e.target.value as AgentFilterValues['performance'] })}
        options={[{ value: 'all', label: 'Tümü' }, ...PERFORMANCE_LEVELS.map((l) => ({ value: l, label: PERFORMANCE_LEVEL_LABELS[l] }))]}
      />
    </div>
  );
}
