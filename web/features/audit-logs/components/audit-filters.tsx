import { Search, X } from 'lucide-react';
import { AUDIT_CATEGORY_OPTIONS, AUDIT_SEVERITY_OPTIONS } from '@common/audit-catalogue';
import type { AuditCategory, AuditSeverity } from '@common/enums';
import { AUDIT_DATE_RANGE_LABELS, AUDIT_DATE_RANGES, type AuditDateRange } from '@common/schemas/audit';
import { Button, Input, Select } from '@web/components/ui';

export interface AuditFilterValues {
  search: string;
  severity: AuditSeverity | '';
  category: AuditCategory | '';
  dateRange: AuditDateRange | '';
}
export const EMPTY_AUDIT_FILTERS: AuditFilterValues = { search: '', severity: '', category: '', dateRange: '' };

export function AuditFilters({ value, onChange }: { value: AuditFilterValues; onChange: (next: AuditFilterValues) => void }) {
  const dirty = Object.entries(value).some(([, v]) => v !== '');
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-[1fr_11rem_11rem_11rem_auto] xl:items-end">
      <div className="relative">
        <Input label="Ara" type="search" placeholder="Kullanıcı, işlem, kaynak, IP" value={value.search} className="pl-9" onChange={(e) => onChange({ ...value, search: e.target.value })} />
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
      </div>
      <Select
        label="Önem"
        value={value.severity}
        onChange={(e) => onChange({ ...value, severity: e.target.value as AuditFilterValues['severity'] })}
        options={[{ value: '', label: 'Tümü' }, ...AUDIT_SEVERITY_OPTIONS]}
      />
      <Select
        label="Kategori"
        value={value.category}
        onChange={(e) => onChange({ ...value, category: e.target.value as AuditFilterValues['category'] })}
        options={[{ value: '', label: 'Tümü' }, ...AUDIT_CATEGORY_OPTIONS]}
      />
      <Select
        label="Tarih"
        value={value.dateRange}
        onChange={(e) => onChange({ ...value, dateRange: e.target.value as AuditFilterValues['dateRange'] })}
        options={[{ value: '', label: 'Tüm zamanlar' }, ...AUDIT_DATE_RANGES.map((r) => ({ value: r, label: AUDIT_DATE_RANGE_LABELS[r] }))]}
      />
      <Button variant="outline" icon={X} disabled={!dirty} onClick={() => onChange(EMPTY_AUDIT_FILTERS)}>
        Filtreleri Temizle
      </Button>
    </div>
  );
}
