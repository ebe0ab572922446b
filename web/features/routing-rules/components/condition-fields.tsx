import {
  BONUS_TYPE_LABELS,
  BONUS_TYPES,
  CUSTOMER_SEGMENT_LABELS,
  CUSTOMER_SEGMENTS,
  ROUTING_CUSTOM_FIELD_LABELS,
  ROUTING_CUSTOM_FIELD_OPERATORS,
  ROUTING_CUSTOM_FIELDS,
  ROUTING_CUSTOM_OPERATOR_LABELS,
  ROUTING_SET_OPERATOR_LABELS,
  ROUTING_SET_OPERATORS,
  WEEKDAY_LABELS,
  WEEKDAY_SHORT_LABELS,
  WEEKDAYS,
  type RoutingCustomField,
  type RoutingSetOperator,
} from '@common/enums';
import { Input, Select } from '@web/components/ui';
import { PriorityInput } from '@web/entities/bonus-request';
import { cn } from '@web/lib/cn';
import { focusRing } from '@web/components/ui/focus-ring';
import { operatorForField, type ConditionDraft } from '../model/conditions';
import { ChoiceGroup } from './choice-group';

/** The messages of one condition's parameters, by parameter name. */
export type ConditionErrors = Partial<Record<'operator' | 'values' | 'weekdays' | 'from' | 'to' | 'value' | 'field', string>>;

export interface ConditionFieldsProps {
  condition: ConditionDraft;
  onChange: (next: ConditionDraft) => void;
  errors?: ConditionErrors;
}

const setOperatorOptions = ROUTING_SET_OPERATORS.map((o) => ({ value: o, label: ROUTING_SET_OPERATOR_LABELS[o] }));

/** 'one of' / 'none of' a set (bonus types, segments): the operator and the chosen values. */
function SetConditionFields<C extends { operator: RoutingSetOperator; values: V[] }, V extends string>({
  condition,
  onChange,
  errors,
  legend,
  options,
}: {
  condition: C;
  onChange: (next: C) => void;
  errors: Record<string, string | undefined>;
  legend: string;
  options: { value: V; label: string }[];
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
      <Select
        label="Eşleşme"
        value={condition.operator}
        options={setOperatorOptions}
        error={errors.operator}
        onChange={(e) => onChange({ ...condition, operator: e.target.value as RoutingSetOperator })}
      />
      <ChoiceGroup legend={legend} options={options} value={condition.values} error={errors.values} onChange={(values) => onChange({ ...condition, values })} />
    </div>
  );
}

/** The inputs that suit each condition type (issue 11): multi-selects, weekdays and times, ≥/≤ and a number, field/operator/value. */
export function ConditionFields({ condition, onChange, errors = {} }: ConditionFieldsProps) {
  switch (condition.conditionType) {
    case 'bonus_type':
      return (
        <SetConditionFields
          condition={condition}
          onChange={onChange}
          errors={errors}
          legend="Bonus türleri"
          options={BONUS_TYPES.map((t) => ({ value: t, label: BONUS_TYPE_LABELS[t] }))}
        />
      );
    case 'customer_segment':
      return (
        <SetConditionFields
          condition={condition}
          onChange={onChange}
          errors={errors}
          legend="Müşteri segmentleri"
          options={CUSTOMER_SEGMENTS.map((s) => ({ value: s, label: CUSTOMER_SEGMENT_LABELS[s] }))}
        />
      );
    case 'time_window': {
      const days = condition.weekdays as number[];
      const setDays = (weekdays: number[]) => onChange({ ...condition, weekdays: weekdays as typeof condition.weekdays });
      const shortcut = (label: string, value: number[]) => (
        <button
          type="button"
          onClick={() => setDays(value)}
          className={cn('rounded-md px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-500/10', focusRing)}
        >
          {label}
        </button>
      );
      return (
        <div className="grid gap-3">
          <ChoiceGroup
            legend="Günler"
            options={WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_SHORT_LABELS[d], fullLabel: WEEKDAY_LABELS[d] }))}
            value={days}
            error={errors.weekdays}
            onChange={setDays}
            shortcuts={
              <>
                {shortcut('Hafta içi', [1, 2, 3, 4, 5])}
                {shortcut('Hafta sonu', [6, 7])}
                {shortcut('Her gün', [...WEEKDAYS])}
              </>
            }
          />
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <Input label="Başlangıç" type="time" required value={condition.from} error={errors.from} onChange={(e) => onChange({ ...condition, from: e.target.value })} />
            <Input label="Bitiş" type="time" required value={condition.to} error={errors.to} onChange={(e) => onChange({ ...condition, to: e.target.value })} />
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Projenin saat diliminde. Bitiş başlangıçtan önceyse aralık gece yarısını geçer (ör. 22:00–06:00); gün, aralığın başladığı gündür.
          </p>
        </div>
      );
    }
    case 'priority_threshold':
      return (
        <div className="grid grid-cols-[7rem_1fr] gap-3 sm:max-w-sm">
          <Select
            label="Koşul"
            value={condition.operator}
            options={[
              { value: 'gte', label: '≥ (en az)' },
              { value: 'lte', label: '≤ (en çok)' },
            ]}
            error={errors.operator}
            onChange={(e) => onChange({ ...condition, operator: e.target.value as 'gte' | 'lte' })}
          />
          <PriorityInput
            required
            hint="Talep formundaki ve kartlardaki öncelik (5: Yüksek, 4: Orta, 1-3: Düşük)."
            value={typeof condition.value === 'number' && Number.isFinite(condition.value) ? String(condition.value) : ''}
            error={errors.value}
            onChange={(e) => onChange({ ...condition, value: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          />
        </div>
      );
    case 'custom': {
      const field = condition.field as RoutingCustomField;
      const numeric = field === 'amount';
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <Select
            label="Alan"
            value={field}
            options={ROUTING_CUSTOM_FIELDS.map((f) => ({ value: f, label: ROUTING_CUSTOM_FIELD_LABELS[f] }))}
            error={errors.field}
            onChange={(e) => {
              const next = e.target.value as RoutingCustomField;
              onChange({ ...condition, field: next, operator: operatorForField(next, condition.operator) });
            }}
          />
          <Select
            label="Karşılaştırma"
            value={condition.operator}
            options={ROUTING_CUSTOM_FIELD_OPERATORS[field].map((o) => ({ value: o, label: ROUTING_CUSTOM_OPERATOR_LABELS[o] }))}
            error={errors.operator}
            onChange={(e) => onChange({ ...condition, operator: e.target.value as typeof condition.operator })}
          />
          <Input
            label="Değer"
            required
            autoComplete="off"
            inputMode={numeric ? 'decimal' : 'text'}
            placeholder={numeric ? 'ör. 5000' : undefined}
            value={condition.value}
            error={errors.value}
            onChange={(e) => onChange({ ...condition, value: e.target.value })}
          />
        </div>
      );
    }
  }
}
