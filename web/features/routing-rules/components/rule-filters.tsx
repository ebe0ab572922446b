import type { RoutingStatusFilter } from '@common/schemas/routing';
import { ACTIVE_STATUS_OPTIONS, filterBar } from '@web/components/filter-bar';

export interface RuleFilterValues {
  search: string;
  status: RoutingStatusFilter;
}

export const NO_RULE_FILTERS: RuleFilterValues = { search: '', status: 'all' };

/** Search by rule name, the status filter and 'Filtreleri Temizle' (spec §2.14). */
export const RuleFilters = filterBar<RuleFilterValues>({
  searchPlaceholder: 'Kural adı',
  choices: [{ field: 'status', label: 'Durum', options: ACTIVE_STATUS_OPTIONS }],
  cleared: NO_RULE_FILTERS,
  className: 'grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end',
  clearButtonClassName: 'h-10',
});
