import {
  BONUS_TYPE_LABELS,
  CUSTOMER_SEGMENT_LABELS,
  ROUTING_CUSTOM_FIELD_LABELS,
  ROUTING_CUSTOM_OPERATOR_LABELS,
  WEEKDAY_SHORT_LABELS,
  type BonusType,
  type CustomerSegment,
  type Weekday,
} from '@common/enums';
import { priorityLevel, priorityText } from '@common/priority';
import type { RoutingConditionSpec } from '@common/schemas/routing';

/** What the conditions look at: a request, real or hypothetical (test, simulate). */
export interface RoutableRequest {
  bonusType: BonusType;
  customerSegment: CustomerSegment | null;
  /** Stored 1–10 scale. */
  priority: number;
  /** Exact decimal string. */
  amount: string;
  customerUsername: string | null;
  externalId: string | null;
  description: string | null;
}

/** The moment a time window is checked at, already read in the project's time zone. */
export interface ZonedMoment {
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  /** 'Pzt 23:30' for the trace. */
  label: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_BY_NAME: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The weekday and time of day of an instant in a time zone (Europe/Istanbul by default). */
export function zonedMoment(at: Date, timeZone: string): ZonedMoment {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = WEEKDAY_BY_NAME[parts.weekday!] ?? 1;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return { weekday, minutes: hour * 60 + minute, label: `${WEEKDAY_SHORT_LABELS[weekday]} ${pad(hour)}:${pad(minute)}` };
}

const pad = (n: number) => String(n).padStart(2, '0');
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const previousDay = (d: Weekday): Weekday => (d === 1 ? 7 : ((d - 1) as Weekday));

/** Turkish lower-casing and folding, so 'VIP_Ali' contains 'vip_ali' and 'Çelik' starts with 'celik'. */
function fold(value: string): string {
  return value
    .toLocaleLowerCase('tr-TR')
    .replace(/[ıçğöşüâîû]/g, (c) => ({ ı: 'i', ç: 'c', ğ: 'g', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' })[c] ?? c);
}

/**
 * Cents of an exact decimal string, so money compares exactly (digits past the second decimal
 * are dropped). Read digit by digit: a sync batch reads every request's amount.
 */
export function cents(decimal: string): number {
  let i = decimal.charCodeAt(0) === 45 ? 1 : 0;
  const negative = i === 1;
  let whole = 0;
  let fraction = 0;
  let fractionDigits = -1;
  for (; i < decimal.length; i++) {
    const code = decimal.charCodeAt(i);
    if (code === 46 && fractionDigits < 0) fractionDigits = 0;
    else if (code < 48 || code > 57) return slowCents(decimal);
    else if (fractionDigits < 0) whole = whole * 10 + (code - 48);
    else if (fractionDigits < 2) {
      fraction = fraction * 10 + (code - 48);
      fractionDigits++;
    }
  }
  if (fractionDigits === 1) fraction *= 10;
  if (whole > Number.MAX_SAFE_INTEGER / 1000) return slowCents(decimal);
  const value = whole * 100 + fraction;
  return negative ? -value : value;
}

/** Anything but plain digits with one point (not what the contract sends): read as before. */
function slowCents(decimal: string): number {
  const negative = decimal.startsWith('-');
  const [whole, frac = ''] = decimal.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -value : value;
}

/** Amounts in cents, parsed once per request and per condition (a batch evaluates each many times). */
const requestCents = new WeakMap<RoutableRequest, number>();
const conditionCents = new WeakMap<object, number>();
function centsOf<K extends object>(cache: WeakMap<K, number>, key: K, decimal: string): number {
  let value = cache.get(key);
  if (value === undefined) {
    value = cents(decimal);
    cache.set(key, value);
  }
  return value;
}
/** A time window's verdict depends only on the moment, which is one per batch. */
const windowVerdicts = new WeakMap<object, { moment: ZonedMoment; passed: boolean }>();

export type TimeWindow = Pick<Extract<RoutingConditionSpec, { conditionType: 'time_window' }>, 'weekdays' | 'from' | 'to'>;

/** Whether a time window holds at a moment; a window crossing midnight belongs to the day it opens (its early hours are the next day's). */
export function windowHolds(c: TimeWindow, moment: ZonedMoment): boolean {
  const from = toMinutes(c.from);
  const to = toMinutes(c.to);
  const days = c.weekdays as Weekday[];
  return from < to
    ? days.includes(moment.weekday) && moment.minutes >= from && moment.minutes < to
    : (days.includes(moment.weekday) && moment.minutes >= from) || (days.includes(previousDay(moment.weekday)) && moment.minutes < to);
}

export interface ConditionOutcome {
  passed: boolean;
  reason: string;
}

/** Routing's verdicts without a reason: shared, so a sync batch's hundred thousand evaluations allocate nothing. */
const PASSED: ConditionOutcome = Object.freeze({ passed: true, reason: '' });
const FAILED: ConditionOutcome = Object.freeze({ passed: false, reason: '' });
const quiet = (passed: boolean): ConditionOutcome => (passed ? PASSED : FAILED);

type ComparisonOperator = Extract<RoutingConditionSpec, { conditionType: 'custom' }>['operator'];
/** One comparison of the custom condition: numbers order, texts equal, contain or start with. */
function compare<T extends number | string>(a: T, b: T, operator: ComparisonOperator): boolean {
  switch (operator) {
    case 'eq':
      return a === b;
    case 'neq':
      return a !== b;
    case 'gt':
      return typeof a === 'number' && a > (b as number);
    case 'gte':
      return typeof a === 'number' && a >= (b as number);
    case 'lt':
      return typeof a === 'number' && a < (b as number);
    case 'lte':
      return typeof a === 'number' && a <= (b as number);
    case 'contains':
      return typeof a === 'string' && a.includes(b as string);
    case 'starts_with':
      return typeof a === 'string' && a.startsWith(b as string);
  }
}

const list = (values: readonly string[], labels: Record<string, string>) => values.map((v) => labels[v] ?? v).join(', ');

/** One condition against a request at a moment, with the reason in Turkish for the trace. */
export function evaluateCondition(c: RoutingConditionSpec, request: RoutableRequest, moment: ZonedMoment, explain = true): ConditionOutcome {
  // Routing itself needs only the verdict; the Turkish reason is written for test and simulate.
  switch (c.conditionType) {
    case 'bonus_type': {
      const has = (c.values as string[]).includes(request.bonusType);
      const passed = c.operator === 'in' ? has : !has;
      return explain ? { passed, reason: `Bonus türü ${BONUS_TYPE_LABELS[request.bonusType]}; ${c.operator === 'in' ? 'beklenen' : 'hariç tutulan'}: ${list(c.values, BONUS_TYPE_LABELS)}` } : quiet(passed);
    }
    case 'customer_segment': {
      const segment = request.customerSegment;
      const has = segment !== null && (c.values as string[]).includes(segment);
      const passed = c.operator === 'in' ? has : !has;
      return explain ? { passed, reason: `Müşteri segmenti ${segment ? CUSTOMER_SEGMENT_LABELS[segment] : 'belirtilmemiş'}; ${c.operator === 'in' ? 'beklenen' : 'hariç tutulan'}: ${list(c.values, CUSTOMER_SEGMENT_LABELS)}` } : quiet(passed);
    }
    case 'time_window': {
      const known = explain ? undefined : windowVerdicts.get(c);
      if (known?.moment === moment) return quiet(known.passed);
      const passed = windowHolds(c, moment);
      windowVerdicts.set(c, { moment, passed });
      const days = c.weekdays as Weekday[];
      return explain ? { passed, reason: `Saat ${moment.label}; pencere ${days.map((d) => WEEKDAY_SHORT_LABELS[d]).join(', ')} ${c.from}–${c.to}${c.from > c.to ? ' (gece yarısını geçer)' : ''}` } : quiet(passed);
    }
    case 'priority_threshold': {
      const level = priorityLevel(request.priority);
      const passed = c.operator === 'gte' ? level >= c.value : level <= c.value;
      return explain ? { passed, reason: `Öncelik ${priorityText(request.priority)}; gereken ${c.operator === 'gte' ? '≥' : '≤'} ${c.value}` } : quiet(passed);
    }
    case 'custom': {
      const label = ROUTING_CUSTOM_FIELD_LABELS[c.field];
      const op = ROUTING_CUSTOM_OPERATOR_LABELS[c.operator];
      if (c.field === 'amount') {
        const passed = compare(centsOf(requestCents, request, request.amount), centsOf(conditionCents, c, c.value), c.operator);
        return explain ? { passed, reason: `${label} ${request.amount} ${op} ${c.value}: ${passed ? 'evet' : 'hayır'}` } : quiet(passed);
      }
      const raw = request[c.field];
      if (raw === null || raw === '') {
        // An absent text equals nothing, contains nothing; only ≠ holds.
        return explain ? { passed: c.operator === 'neq', reason: `${label} boş; ${op} "${c.value}"` } : quiet(c.operator === 'neq');
      }
      const passed = compare(fold(raw), fold(c.value), c.operator);
      return explain ? { passed, reason: `${label} "${raw.slice(0, 60)}" ${op} "${c.value}": ${passed ? 'evet' : 'hayır'}` } : quiet(passed);
    }
  }
}
