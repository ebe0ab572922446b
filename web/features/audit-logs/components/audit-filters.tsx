import { AUDIT_CATEGORY_OPTIONS, AUDIT_SEVERITY_OPTIONS } from '@common/audit-catalogue';
import type { AuditCategory, AuditSeverity } from '@common/enums';
import { AUDIT_DATE_RANGE_LABELS, AUDIT_DATE_RANGES, type AuditDateRange } from '@common/schemas/audit';
import { filterBar } from '@web/components/filter-bar';

export interface AuditFilterValues {
  search: string;
  severity: AuditSeverity | '';
  category: AuditCategory | '';
  dateRange: AuditDateRange | '';
}
export const EMPTY_AUDIT_FILTERS: AuditFilterValues = { search: '', severity: '', category: '', dateRange: '' };

/** Search, severity, category, date range and 'Filtreleri Temizle'. */
export const AuditFilters = filterBar<AuditFilterValues>({
  searchPlaceholder: 'Kullanıcı, işlem, kaynak, IP',
  choices: [
    { field: 'severity', label: 'Önem', options: [{ value: '', label: 'Tümü' }, ...AUDIT_SEVERITY_OPTIONS] },
    { field: 'category', label: 'Kategori', options: [{ value: '', label: 'Tümü' }, ...AUDIT_CATEGORY_OPTIONS] },
    { field: 'dateRange', label: 'Tarih', options: [{ value: '', label: 'Tüm zamanlar' }, ...AUDIT_DATE_RANGES.map((r) => ({ value: r, label: AUDIT_DATE_RANGE_LABELS[r] }))] },
  ],
  cleared: EMPTY_AUDIT_FILTERS,
  className: 'grid gap-3 md:grid-cols-2 xl:grid-cols-[1fr_11rem_11rem_11rem_auto] xl:items-end',
});
