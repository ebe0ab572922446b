import { ROLE_LABELS, ROLES, type Role } from '@common/enums';
import { ACTIVE_STATUS_OPTIONS, filterBar } from '@web/components/filter-bar';

export interface UserFilterValues {
  search: string;
  role: Role | '';
  status: 'all' | 'active' | 'inactive';
}
export const EMPTY_USER_FILTERS: UserFilterValues = { search: '', role: '', status: 'all' };

/** Search (username or full name), role, status and 'Filtreleri Temizle' (spec §2.6). */
export const UserFilters = filterBar<UserFilterValues>({
  searchPlaceholder: 'Kullanıcı adı veya ad soyad',
  choices: [
    { field: 'role', label: 'Rol', options: [{ value: '', label: 'Tüm Roller' }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))] },
    { field: 'status', label: 'Durum', options: ACTIVE_STATUS_OPTIONS },
  ],
  cleared: EMPTY_USER_FILTERS,
  className: 'grid gap-3 sm:grid-cols-[1fr_12rem_10rem_auto] sm:items-end',
});
