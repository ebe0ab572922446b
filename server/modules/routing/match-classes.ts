import { cents, type RoutableRequest } from './conditions';
import type { EngineRule } from './engine';

/**
 * While nobody can be given a request (everyone full, away or offline — a bulk import after its
 * first batch), a decision only counts which rules match, and requests that no condition can tell
 * apart match the same rules. Two requests are alike when their bonus type, segment and priority
 * are equal and their amounts fall on the same side of (or on) every amount a rule compares
 * with; the time window is one moment per routing session. Undefined when a rule compares a text
 * field (username, external id, description): those tell every request apart.
 */
export class MatchClasses {
  private readonly known = new Map<string, number[]>();

  private constructor(private readonly thresholds: number[]) {}

  static of(rules: EngineRule[]): MatchClasses | undefined {
    const thresholds = new Set<number>();
    for (const rule of rules) {
      for (const c of rule.conditions) {
        if (c.conditionType !== 'custom') continue;
        if (c.field !== 'amount') return undefined;
        thresholds.add(cents(c.value));
      }
    }
    return new MatchClasses([...thresholds].sort((a, b) => a - b));
  }

  /** The rules this request matches, worked out once per class by `match`. */
  matched(request: RoutableRequest, match: () => number[]): number[] {
    const key = `${request.bonusType}|${request.customerSegment ?? ''}|${request.priority}|${this.amountClass(cents(request.amount))}`;
    let ids = this.known.get(key);
    if (!ids) {
      ids = match();
      this.known.set(key, ids);
    }
    return ids;
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
