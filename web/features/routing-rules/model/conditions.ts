import {
  BONUS_TYPE_LABELS,
  CUSTOMER_SEGMENT_LABELS,
  ROUTING_CONDITION_TYPE_LABELS,
  ROUTING_CUSTOM_FIELD_LABELS,
  ROUTING_CUSTOM_FIELD_OPERATORS,
  ROUTING_CUSTOM_OPERATOR_LABELS,
  WEEKDAY_SHORT_LABELS,
  WEEKDAYS,
  type RoutingConditionType,
  type RoutingCustomField,
  type RoutingCustomOperator,
  type Weekday,
} from '@common/enums';
import type { RoutingCondition, RoutingConditionInput } from '@common/schemas/routing';

/**
 * A condition as the form edits it: the API's input shape plus a key that stays with the row
 * while others are added or removed (React keys, focus), never sent.
 */
export type ConditionDraft = RoutingConditionInput & { key: string };

let nextKey = 0;
export const newConditionKey = () => `c${++nextKey}`;

/** What a newly added condition of each type starts as: a valid, common choice where there is one. */
export function emptyCondition(type: RoutingConditionType): ConditionDraft {
  const key = newConditionKey();
  switch (type) {
    case 'bonus_type':
      return { key, conditionType: 'bonus_type', operator: 'in', values: [] };
    case 'customer_segment':
      return { key, conditionType: 'customer_segment', operator: 'in', values: [] };
    case 'time_window':
      return { key, conditionType: 'time_window', weekdays: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' };
    case 'priority_threshold':
      return { key, conditionType: 'priority_threshold', operator: 'gte', value: 4 };
    case 'custom':
      return { key, conditionType: 'custom', field: 'amount', operator: 'gte', value: '' };
  }
}

/** A stored condition, ready to edit. */
export function draftFromCondition(condition: RoutingCondition): ConditionDraft {
  return { ...condition, key: newConditionKey() } as ConditionDraft;
}

/** What the API receives: the draft without its key. */
export function conditionInput({ key: _key, ...condition }: ConditionDraft): RoutingConditionInput {
  return condition as RoutingConditionInput;
}

/** The operator a custom condition keeps when its field changes: the same if allowed, else the field's first. */
export function operatorForField(field: RoutingCustomField, current: RoutingCustomOperator): RoutingCustomOperator {
  const allowed = ROUTING_CUSTOM_FIELD_OPERATORS[field];
  return allowed.includes(current) ? current : allowed[0]!;
}

/** 'Pzt–Cum', 'Cmt, Paz', 'Her gün': consecutive days are written as a range. */
export function weekdaysText(days: readonly number[]): string {
  const sorted = WEEKDAYS.filter((d) => days.includes(d));
  if (sorted.length === 7) return 'Her gün';
  const runs: Weekday[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1)! + 1 === day) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => (run.length >= 3 ? `${WEEKDAY_SHORT_LABELS[run[0]!]}–${WEEKDAY_SHORT_LABELS[run.at(-1)!]}` : run.map((d) => WEEKDAY_SHORT_LABELS[d]).join(', ')))
    .join(', ');
}

type Describable = RoutingCondition | RoutingConditionInput;

/** What a condition asks, in a few words, after its type ('Nakit İade, Puan', 'hariç: VIP', '≥ 8'). */
export function conditionSummary(condition: Describable): string {
  switch (condition.conditionType) {
    case 'bonus_type':
    case 'customer_segment': {
      const labels: Record<string, string> = condition.conditionType === 'bonus_type' ? BONUS_TYPE_LABELS : CUSTOMER_SEGMENT_LABELS;
      const list = (condition.values as readonly string[]).map((v) => labels[v] ?? v).join(', ') || '—';
      return condition.operator === 'not_in' ? `hariç: ${list}` : list;
    }
    case 'time_window':
      return `${weekdaysText(condition.weekdays as number[])} ${condition.from}–${condition.to}`;
    case 'priority_threshold':
      return `${condition.operator === 'lte' ? '≤' : '≥'} ${condition.value}`;
    case 'custom':
      return `${ROUTING_CUSTOM_FIELD_LABELS[condition.field as RoutingCustomField] ?? condition.field} ${
        ROUTING_CUSTOM_OPERATOR_LABELS[condition.operator as RoutingCustomOperator] ?? condition.operator
      } ${condition.value}`;
  }
}

/** A chip's text: the condition type and what it asks ('Bonus Türü: Nakit İade'). */
export function conditionChipText(condition: Describable): string {
  return `${ROUTING_CONDITION_TYPE_LABELS[condition.conditionType]}: ${conditionSummary(condition)}`;
}
