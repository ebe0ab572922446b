import { Search, X } from 'lucide-react';
import { Button, Input, Select } from '@web/components/ui';
import type { SelectOption } from '@web/components/ui/select';

/** The choices of an active / inactive filter. */
export const ACTIVE_STATUS_OPTIONS: readonly SelectOption[] = [
  { value: 'all', label: 'Tümü' },
  { value: 'active', label: 'Aktif' },
  { value: 'inactive', label: 'Pasif' },
];

/** One select of a filter bar: which field of the filter values it sets, its label and its choices. */
export interface FilterChoice<V> {
  field: keyof V & string;
  label: string;
  options: readonly SelectOption[];
}

export interface FilterBarProps<V extends { search: string }> {
  value: V;
  onChange: (next: V) => void;
  /** What the search box finds, as its placeholder. */
  searchPlaceholder: string;
  choices: readonly FilterChoice<V>[];
  /** The values 'Filtreleri Temizle' puts back (the button is off while they are the values); no button without them. */
  cleared?: V;
  /** The grid of the screen: its column widths. */
  className: string;
  clearButtonClassName?: string;
}

/** The filters above a list: 'Ara' with a search icon, one select per filter and 'Filtreleri Temizle'. */
export function FilterBar<V extends { search: string }>({ value, onChange, searchPlaceholder, choices, cleared, className, clearButtonClassName }: FilterBarProps<V>) {
  const filtered = cleared !== undefined && (Object.keys(cleared) as (keyof V)[]).some((field) => value[field] !== cleared[field]);
  return (
    <div className={className}>
      <div className="relative">
        <Input label="Ara" type="search" placeholder={searchPlaceholder} value={value.search} className="pl-9" onChange={(e) => onChange({ ...value, search: e.target.value })} />
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
      </div>
      {choices.map((choice) => (
        <Select
          key={choice.field}
          label={choice.label}
          value={String(value[choice.field])}
          onChange={(e) => onChange({ ...value, [choice.field]: e.target.value })}
          options={choice.options}
        />
      ))}
      {cleared !== undefined && (
        <Button variant="outline" icon={X} className={clearButtonClassName} disabled={!filtered} onClick={() => onChange(cleared)}>
          Filtreleri Temizle
        </Button>
      )}
    </div>
  );
}

/** A screen's filter bar as a component of its own: what it searches, its selects, its grid. */
export function filterBar<V extends { search: string }>(setup: Omit<FilterBarProps<V>, 'value' | 'onChange'>) {
  return function ScreenFilters({ value, onChange }: { value: V; onChange: (next: V) => void }) {
    return <FilterBar {...setup} value={value} onChange={onChange} />;
  };
}
