import type { RoutingConditionType } from '@common/enums';
import { cents, evaluateCondition, type RoutableRequest, type ZonedMoment } from './conditions';
import type { EngineRule } from './engine';

/** Which rules admit one value of one dimension, as bits in rule order. */
type RuleBits = Uint32Array;

/** The values met of one dimension (bonus type, segment, priority), each with its index in the class key. */
class Dimension<V> {
  private readonly byValue = new Map<V, number>();
  readonly bits: RuleBits[] = [];

  constructor(private readonly bitsOf: (request: RoutableRequest) => RuleBits) {}

  /** The value's index, its rules worked out from this request the first time the value is met. */
  indexOf(value: V, request: RoutableRequest): number {
    let index = this.byValue.get(value);
    if (index === undefined) {
      index = this.bits.length;
      this.bits.push(this.bitsOf(request));
      this.byValue.set(value, index);
    }
    return index;
  }
}

/** Room for each dimension's index in a class key (far beyond what the enums and the 1–10 scale hold). */
const BONUS_TYPES_ROOM = 64;
const SEGMENTS_ROOM = 64;
const PRIORITIES_ROOM = 256;

/**
 * While nobody can be given a request (everyone full, away or offline — a bulk import after its
 * first batch), a decision only counts which rules match. Every condition looks at one side of a
 * request — its bonus type, segment, priority or amount — or at the moment, which is one per
 * routing session; so a rule matches a request exactly when it admits each of the request's
 * values on its own. The rules admitting each value are worked out once (as bits), requests are
 * counted per class of alike values (amounts alike when on the same side of, or on, every amount a
 * rule compares with), and a class's matches are the AND of its values' bits, taken once per
 * class when the counts are drained. Undefined when a rule compares a text field (username,
 * external id, description): those tell every request apart.
 */
export class MatchClasses {
  private readonly words: number;
  /** Active rules whose time windows hold at this moment. */
  private readonly constant: RuleBits;
  private readonly bonusTypes = new Dimension<string>((r) => this.admitting(['bonus_type'], r));
  private readonly segments = new Dimension<string | null>((r) => this.admitting(['customer_segment'], r));
  private readonly priorities = new Dimension<number>((r) => this.admitting(['priority_threshold'], r));
  /** By amount class (see amountClass); worked out from the first amount met in the class. */
  private readonly amounts = new Map<number, RuleBits>();
  /** Requests counted per class key since the last drain. */
  private readonly counted = new Map<number, number>();

  private constructor(
    private readonly rules: EngineRule[],
    private readonly thresholds: number[],
    private readonly moment: ZonedMoment,
  ) {
    this.words = Math.ceil(rules.length / 32);
    this.constant = this.admitting(['time_window'], null);
  }

  static of(rules: EngineRule[], moment: ZonedMoment): MatchClasses | undefined {
    const thresholds = new Set<number>();
    for (const rule of rules) {
      for (const c of rule.conditions) {
        if (c.conditionType !== 'custom') continue;
        if (c.field !== 'amount') return undefined;
        thresholds.add(cents(c.value));
      }
    }
    return new MatchClasses(rules, [...thresholds].sort((a, b) => a - b), moment);
  }

  /** The ids of the rules whose conditions all hold for this request, in rule order. */
  matched(request: RoutableRequest): number[] {
    const ids: number[] = [];
    this.forEachRule(this.bitsOf(this.classKey(request)), (id) => ids.push(id));
    return ids;
  }

  /** Counts the request in its class; its matches are added up per rule by `drain`. */
  count(request: RoutableRequest): void {
    const key = this.classKey(request);
    this.counted.set(key, (this.counted.get(key) ?? 0) + 1);
  }

  /** Hands each rule's matches counted since the last drain to `add`; whether any rule matched. */
  drain(add: (ruleId: number, matches: number) => void): boolean {
    let any = false;
    for (const [key, n] of this.counted) {
      this.forEachRule(this.bitsOf(key), (id) => {
        any = true;
        add(id, n);
      });
    }
    this.counted.clear();
    return any;
  }

  private classKey(request: RoutableRequest): number {
    const amountClass = this.amountClass(cents(request.amount));
    if (!this.amounts.has(amountClass)) this.amounts.set(amountClass, this.admitting(['custom'], request));
    const bonusType = this.bonusTypes.indexOf(request.bonusType, request);
    const segment = this.segments.indexOf(request.customerSegment, request);
    const priority = this.priorities.indexOf(request.priority, request);
    if (bonusType >= BONUS_TYPES_ROOM || segment >= SEGMENTS_ROOM || priority >= PRIORITIES_ROOM) {
      throw new Error('routing match classes: more distinct values than a class key holds');
    }
    return ((amountClass * PRIORITIES_ROOM + priority) * SEGMENTS_ROOM + segment) * BONUS_TYPES_ROOM + bonusType;
  }

  /** The rules matching every request of a class: the AND of its values' bits. */
  private bitsOf(key: number): RuleBits {
    const bonusType = key % BONUS_TYPES_ROOM;
    const segment = Math.floor(key / BONUS_TYPES_ROOM) % SEGMENTS_ROOM;
    const priority = Math.floor(key / (BONUS_TYPES_ROOM * SEGMENTS_ROOM)) % PRIORITIES_ROOM;
    const amountClass = Math.floor(key / (BONUS_TYPES_ROOM * SEGMENTS_ROOM * PRIORITIES_ROOM));
    const parts = [this.bonusTypes.bits[bonusType]!, this.segments.bits[segment]!, this.priorities.bits[priority]!, this.amounts.get(amountClass)!];
    const bits = this.constant.slice();
    for (const part of parts) for (let w = 0; w < this.words; w++) bits[w]! &= part[w]!;
    return bits;
  }

  private forEachRule(bits: RuleBits, visit: (ruleId: number) => void): void {
    for (let w = 0; w < this.words; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        visit(this.rules[w * 32 + bit]!.id);
        word &= word - 1;
      }
    }
  }

  /**
   * The active rules whose conditions of these types all hold for the request (a condition reads
   * only its own side of the request, so nothing else of it matters); with no request, the
   * types' conditions must not read one (the time window reads the moment).
   */
  private admitting(types: RoutingConditionType[], request: RoutableRequest | null): RuleBits {
    const bits = new Uint32Array(this.words);
    this.rules.forEach((rule, i) => {
      const admits = rule.isActive && rule.conditions.every((c) => !types.includes(c.conditionType) || evaluateCondition(c, request!, this.moment, false).passed);
      if (admits) bits[i >>> 5]! |= 1 << (i & 31);
    });
    return bits;
  }

  /** 2i for an amount between the i-th and (i+1)-th threshold, 2i+1 for one equal to the i-th (from 0). */
  private amountClass(amount: number): number {
    let low = 0;
    let high = this.thresholds.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.thresholds[mid]! < amount) low = mid + 1;
      else high = mid;
    }
    return 2 * low + (this.thresholds[low] === amount ? 1 : 0);
  }
}
