import { Search, X } from 'lucide-react';
import type { RoutingStatusFilter } from '@common/schemas/routing';
import { Button, Input, Select } from '@web/components/ui';

export interface RuleFilterValues {
  search: string;
  status: RoutingStatusFilter;
}

export const NO_RULE_FILTERS: RuleFilterValues = { search: '', status: 'all' };

const STATUS_OPTIONS: { value: RoutingStatusFilter; label: string }[] = [
  { value: 'all', label: 'Tümü' },
  { value: 'active', label: 'Aktif' },
  { value: 'inactive', label: 'Pasif' },
];

/** Search by rule name, the status filter and 'Filtreleri Temizle' (spec §2.14). */
export function RuleFilters({ value, onChange }: { value: RuleFilterValues; onChange: (next: RuleFilterValues) => void }) {
  const filtered = value.search !== '' || value.status !== 'all';
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <div className="relative">
        <Input label="Ara" type="search" placeholder="Kural adı" value={value.search} className="pl-9" onChange={(e) => onChange({ ...value, search: e.target.value })} />
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
      </div>
      <Select label="Durum" value={value.status} options={STATUS_OPTIONS} onChange={(e) => onChange({ ...value, status: e.target.value as RoutingStatusFilter })} />
      <Button variant="outline" icon={X} className="h-10" disabled={!filtered} onClick={() => onChange(NO_RULE_FILTERS)}>
        Filtreleri Temizle
      </Button>
    </div>
  );
}
