import { Search, X } from 'lucide-react';
import { ROLE_LABELS, ROLES, type Role } from '@common/enums';
import { Button, Input, Select } from '@web/components/ui';

export interface UserFilterValues {
  search: string;
  role: Role | '';
  status: 'all' | 'active' | 'inactive';
}
export const EMPTY_USER_FILTERS: UserFilterValues = { search: '', role: '', status: 'all' };

/** Search (username or full name), role, status and 'Filtreleri Temizle' (spec §2.6). */
export function UserFilters({ value, onChange }: { value: UserFilterValues; onChange: (next: UserFilterValues) => void }) {
  const dirty = value.search !== '' || value.role !== '' || value.status !== 'all';
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem_10rem_auto] sm:items-end">
      <div className="relative">
        <Input
          label="Ara"
          type="search"
          placeholder="Kullanıcı adı veya ad soyad"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
          className="pl-9"
        />
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
      </div>
      <Select
        label="Rol"
        value={value.role}
        onChange={(e) => onChange({ ...value, role: e.target.value as Role | '' })}
        options={[{ value: '', label: 'Tüm Roller' }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))]}
      />
      <Select
        label="Durum"
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.target.value as UserFilterValues['status'] })}
        options={[
          { value: 'all', label: 'Tümü' },
          { value: 'active', label: 'Aktif' },
          { value: 'inactive', label: 'Pasif' },
        ]}
      />
      <Button variant="outline" icon={X} disabled={!dirty} onClick={() => onChange(EMPTY_USER_FILTERS)}>
        Filtreleri Temizle
      </Button>
    </div>
  );
}
