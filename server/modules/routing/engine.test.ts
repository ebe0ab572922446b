import { describe, expect, it } from 'vitest';
import { RULE_OUTCOME_LABELS, routingConditionInput, type RoutingCondition, type RoutingConditionInput } from '@common/schemas/routing';
import type { Candidate } from './candidates';
import { cents, zonedMoment, type RoutableRequest } from './conditions';
import { CandidatePool, decide, evaluateRule, type EngineRule } from './engine';
import { MatchClasses } from './match-classes';

/**
 * The routing decision in process (issue 11): each condition type, each strategy, and that no
 * one who is offline, away, busy, full or inactive is ever chosen. Instants are fixed, so the
 * time window is checked in Istanbul time (UTC+3 all year) whatever the machine's clock says.
 */
const NOW = new Date('2026-11-23T09:00:00Z'); // Monday 12:00 in Istanbul
const ISTANBUL = 'Europe/Istanbul';

let nextId = 1;
function condition(input: RoutingConditionInput): RoutingCondition {
  const parsed = routingConditionInput.parse(input);
  return { ...parsed, id: nextId++ } as RoutingCondition;
}

function rule(partial: Partial<EngineRule> & { conditions?: RoutingCondition[] }): EngineRule {
  return {
    id: nextId++,
    ruleName: 'Kural',
    targetStrategy: 'round_robin',
    targetUserId: null,
    priority: 50,
    position: 0,
    isActive: true,
    lastChosenUserId: null,
    conditions: [condition({ conditionType: 'bonus_type', operator: 'in', values: ['cashback', 'points', 'other'] })],
    ...partial,
  };
}

function agent(userId: number, partial: Partial<Candidate> = {}): Candidate {
  return {
    userId,
    fullName: `Ajan ${userId}`,
    username: `ajan${userId}`,
    role: 'agent',
    accountActive: true,
    isMember: true,
    memberActive: true,
    connected: true,
    manualStatus: null,
    lastActivityAt: new Date(NOW.getTime() - 60_000),
    load: 0,
    maxLoad: 5,
    skillBonusTypes: [],
    skillSegments: [],
    lastAssignedAt: null,
    ...partial,
  };
}

const request = (partial: Partial<RoutableRequest> = {}): RoutableRequest => ({
  bonusType: 'cashback',
  customerSegment: 'regular',
  priority: 6,
  amount: '1500.00',
  customerUsername: 'oyuncu_42',
  externalId: 'EXT-1001',
  description: 'Hafta sonu kayıp iadesi',
  ...partial,
});

const opts = (at: Date = NOW, random = () => 0) => ({ moment: zonedMoment(at, ISTANBUL), random, trace: true });

function passes(c: RoutingConditionInput, req: RoutableRequest = request(), at: Date = NOW): boolean {
  const r = rule({ conditions: [condition(c)] });
  return evaluateRule(r, req, new CandidatePool([agent(1)], NOW), opts(at)).matched;
}

describe('conditions', () => {
  it('bonus_type: one of, or none of', () => {
    expect(passes({ conditionType: 'bonus_type', operator: 'in', values: ['cashback'] })).toBe(true);
    expect(passes({ conditionType: 'bonus_type', operator: 'in', values: ['points', 'other'] })).toBe(false);
    expect(passes({ conditionType: 'bonus_type', operator: 'not_in', values: ['cashback'] })).toBe(false);
    expect(passes({ conditionType: 'bonus_type', operator: 'not_in', values: ['points'] })).toBe(true);
  });

  it('customer_segment: one of, none of; a request without a segment is in none', () => {
    expect(passes({ conditionType: 'customer_segment', operator: 'in', values: ['vip'] }, request({ customerSegment: 'vip' }))).toBe(true);
    expect(passes({ conditionType: 'customer_segment', operator: 'in', values: ['vip'] })).toBe(false);
    expect(passes({ conditionType: 'customer_segment', operator: 'not_in', values: ['high_risk'] })).toBe(true);
    expect(passes({ conditionType: 'customer_segment', operator: 'in', values: ['vip'] }, request({ customerSegment: null }))).toBe(false);
    expect(passes({ conditionType: 'customer_segment', operator: 'not_in', values: ['vip'] }, request({ customerSegment: null }))).toBe(true);
  });

  it('time_window: weekdays and hours in Istanbul time, not the server clock', () => {
    const weekdaysNineToSix: RoutingConditionInput = { conditionType: 'time_window', weekdays: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' };
    // 06:30 UTC is 09:30 in Istanbul on Monday: inside, although 06:30 is outside in UTC.
    expect(passes(weekdaysNineToSix, request(), new Date('2026-11-23T06:30:00Z'))).toBe(true);
    // 15:30 UTC is 18:30 in Istanbul: outside, although 15:30 is inside in UTC.
    expect(passes(weekdaysNineToSix, request(), new Date('2026-11-23T15:30:00Z'))).toBe(false);
    // Saturday noon in Istanbul.
    expect(passes(weekdaysNineToSix, request(), new Date('2026-11-28T09:00:00Z'))).toBe(false);
    // The end is not included: 18:00 sharp is outside.
    expect(passes(weekdaysNineToSix, request(), new Date('2026-11-23T15:00:00Z'))).toBe(false);
  });

  it('time_window across midnight: Friday 22:00–06:00 holds Friday night and Saturday early morning', () => {
    const fridayNight: RoutingConditionInput = { conditionType: 'time_window', weekdays: [5], from: '22:00', to: '06:00' };
    expect(passes(fridayNight, request(), new Date('2026-11-27T19:30:00Z'))).toBe(true); // Fri 22:30 Istanbul
    expect(passes(fridayNight, request(), new Date('2026-11-27T22:15:00Z'))).toBe(true); // Sat 01:15 Istanbul
    expect(passes(fridayNight, request(), new Date('2026-11-28T02:59:00Z'))).toBe(true); // Sat 05:59 Istanbul
    expect(passes(fridayNight, request(), new Date('2026-11-28T03:00:00Z'))).toBe(false); // Sat 06:00 Istanbul
    expect(passes(fridayNight, request(), new Date('2026-11-27T18:59:00Z'))).toBe(false); // Fri 21:59 Istanbul
    // Thursday night → Friday 01:00 is not Friday's window (it opened on Thursday, not chosen).
    expect(passes(fridayNight, request(), new Date('2026-11-26T22:00:00Z'))).toBe(false); // Fri 01:00 Istanbul
    // The UTC date is still Friday at 21:30 UTC, but in Istanbul it is Saturday 00:30: inside.
    expect(passes(fridayNight, request(), new Date('2026-11-27T21:30:00Z'))).toBe(true);
  });

  it('priority_threshold: the request’s 1–5 level (stored 6 is level 3) ≥ N or ≤ N', () => {
    expect(passes({ conditionType: 'priority_threshold', operator: 'gte', value: 3 })).toBe(true);
    expect(passes({ conditionType: 'priority_threshold', operator: 'gte', value: 4 })).toBe(false);
    expect(passes({ conditionType: 'priority_threshold', operator: 'lte', value: 3 })).toBe(true);
    expect(passes({ conditionType: 'priority_threshold', operator: 'lte', value: 2 })).toBe(false);
  });

  it('custom: amount compares as money, texts compare case- and Turkish-insensitively', () => {
    const amount = (operator: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte', value: string) => passes({ conditionType: 'custom', field: 'amount', operator, value });
    expect(amount('eq', '1500')).toBe(true);
    expect(amount('neq', '1500.01')).toBe(true);
    expect(amount('gt', '1499.99')).toBe(true);
    expect(amount('gte', '1500,00')).toBe(true);
    expect(amount('lt', '1500')).toBe(false);
    expect(amount('lte', '1500')).toBe(true);
    expect(passes({ conditionType: 'custom', field: 'customerUsername', operator: 'starts_with', value: 'OYUNCU' })).toBe(true);
    expect(passes({ conditionType: 'custom', field: 'externalId', operator: 'eq', value: 'ext-1001' })).toBe(true);
    expect(passes({ conditionType: 'custom', field: 'description', operator: 'contains', value: 'kayip' })).toBe(true);
    expect(passes({ conditionType: 'custom', field: 'description', operator: 'contains', value: 'bonus' })).toBe(false);
    expect(passes({ conditionType: 'custom', field: 'externalId', operator: 'neq', value: 'x' }, request({ externalId: null }))).toBe(true);
  });

  it('custom: the field, the operator and the value are validated together', () => {
    const bad = (input: object) => routingConditionInput.safeParse({ conditionType: 'custom', ...input });
    expect(bad({ field: 'amount', operator: 'contains', value: '5' }).error?.issues[0]?.message).toBe('Bu alan için bu karşılaştırma kullanılamaz');
    expect(bad({ field: 'amount', operator: 'gt', value: 'çok' }).error?.issues[0]?.message).toBe('Tutar için geçerli bir sayı girin (en fazla 2 ondalık)');
    expect(bad({ field: 'description', operator: 'gt', value: 'a' }).success).toBe(false);
    expect(bad({ field: 'password', operator: 'eq', value: 'a' }).success).toBe(false);
    expect(bad({ field: 'description', operator: 'eq', value: '  ' }).error?.issues[0]?.message).toBe('Değer gereklidir');
  });

  it('all conditions of a rule must hold', () => {
    const r = rule({
      conditions: [
        condition({ conditionType: 'bonus_type', operator: 'in', values: ['cashback'] }),
        condition({ conditionType: 'customer_segment', operator: 'in', values: ['vip'] }),
      ],
    });
    const result = evaluateRule(r, request(), new CandidatePool([agent(1)], NOW), opts());
    expect(result.matched).toBe(false);
    expect(result.trace!.conditions.map((c) => c.passed)).toEqual([true, false]);
    expect(result.trace!.conditions[1]!.reason).toBe('Müşteri segmenti Standart; beklenen: VIP');
  });
});

describe('strategies and eligibility', () => {
  const chosen = (r: EngineRule, people: Candidate[], req = request(), random = () => 0) =>
    decide([r], req, new CandidatePool(people, NOW), { ...opts(NOW, random), trace: false }).winner?.candidate.userId ?? null;

  it('user: the target when eligible, nobody otherwise (never a fallback)', () => {
    const target = rule({ targetStrategy: 'user', targetUserId: 2 });
    expect(chosen(target, [agent(1), agent(2)])).toBe(2);
    expect(chosen(target, [agent(1), agent(2, { connected: false })])).toBeNull();
  });

  it('round_robin: the next eligible agent after the last one chosen, wrapping around, skipping the ineligible', () => {
    const r = rule({ targetStrategy: 'round_robin', lastChosenUserId: 2 });
    expect(chosen(r, [agent(1), agent(2), agent(3)])).toBe(3);
    expect(chosen({ ...r, lastChosenUserId: 3 }, [agent(1), agent(2), agent(3)])).toBe(1);
    expect(chosen(r, [agent(1), agent(2), agent(3, { manualStatus: 'away' })])).toBe(1);
  });

  it('load_based: the fewest active requests; ties go to whoever waited longest since their last assignment', () => {
    const r = rule({ targetStrategy: 'load_based' });
    expect(chosen(r, [agent(1, { load: 3 }), agent(2, { load: 1 }), agent(3, { load: 2 })])).toBe(2);
    const tie = [
      agent(1, { load: 1, lastAssignedAt: new Date(NOW.getTime() - 60_000) }),
      agent(2, { load: 1, lastAssignedAt: new Date(NOW.getTime() - 600_000) }),
      agent(3, { load: 1, lastAssignedAt: new Date(NOW.getTime() - 5_000) }),
    ];
    expect(chosen(r, tie)).toBe(2);
  });

  it('skill_based: only agents whose skills cover the bonus type and the segment, then the least loaded', () => {
    const r = rule({ targetStrategy: 'skill_based' });
    const people = [
      agent(1, { skillBonusTypes: ['cashback'], skillSegments: ['regular'], load: 2 }),
      agent(2, { skillBonusTypes: ['cashback'], skillSegments: ['vip'], load: 0 }),
      agent(3, { skillBonusTypes: ['points'], skillSegments: ['regular'], load: 0 }),
      agent(4, { skillBonusTypes: ['cashback', 'points'], skillSegments: ['regular', 'vip'], load: 1 }),
    ];
    expect(chosen(r, people)).toBe(4);
    expect(chosen(r, people, request({ customerSegment: 'vip' }))).toBe(2);
    expect(chosen(r, people, request({ customerSegment: 'high_risk' }))).toBeNull();
  });

  it('random: one of the eligible agents, as the random source says', () => {
    const r = rule({ targetStrategy: 'random' });
    const people = [agent(1), agent(2, { connected: false }), agent(3), agent(4)];
    expect(chosen(r, people, request(), () => 0)).toBe(1);
    expect(chosen(r, people, request(), () => 0.5)).toBe(3);
    expect(chosen(r, people, request(), () => 0.99)).toBe(4);
  });

  it('never offline, away, busy, full, inactive in the project, inactive account, nor a non-worker', () => {
    const excluded = [
      agent(1, { connected: false }),
      agent(2, { manualStatus: 'offline' }),
      agent(3, { manualStatus: 'away' }),
      agent(4, { lastActivityAt: new Date(NOW.getTime() - 10 * 60_000) }),
      agent(5, { manualStatus: 'busy' }),
      agent(6, { load: 5, maxLoad: 5 }),
      agent(7, { memberActive: false }),
      agent(8, { accountActive: false }),
      agent(9, { role: 'manager' }),
    ];
    for (const strategy of ['round_robin', 'load_based', 'skill_based', 'random'] as const) {
      const everyone = excluded.map((c) => ({ ...c, skillBonusTypes: ['cashback' as const], skillSegments: ['regular' as const] }));
      expect(chosen(rule({ targetStrategy: strategy }), everyone), strategy).toBeNull();
    }
    for (const c of excluded.slice(0, 8)) expect(chosen(rule({ targetStrategy: 'user', targetUserId: c.userId }), [c])).toBeNull();
  });

  it('the first matching rule with an eligible target wins; a match without one is noted and passed over', () => {
    const high = rule({ ruleName: 'VIP kıdemli', priority: 90, targetStrategy: 'user', targetUserId: 1 });
    const lowFirst = rule({ ruleName: 'Genel', priority: 10, position: 0, targetStrategy: 'load_based' });
    const lowSecond = rule({ ruleName: 'Yedek', priority: 10, position: 1, targetStrategy: 'user', targetUserId: 3 });
    const people = [agent(1, { load: 5, maxLoad: 5 }), agent(2), agent(3)];
    const decision = decide([high, lowFirst, lowSecond], request(), new CandidatePool(people, NOW), opts());
    expect(decision.winner?.rule.ruleName).toBe('Genel');
    expect(decision.matchedRuleIds).toEqual([high.id, lowFirst.id]);
    expect(decision.traces.map((t) => t.outcome)).toEqual(['no_eligible_target', 'assigned', 'not_reached']);
    expect(decision.traces[0]!.candidates[0]!.reasons).toEqual(['kapasite dolu 5/5']);
  });
});

describe('trace texts', () => {
  it("each candidate says why it was excluded: 'çevrimdışı', 'kapasite dolu 5/5', 'yetenek yok', 'pasif'", () => {
    const r = rule({ targetStrategy: 'skill_based' });
    const people = [
      agent(1, { connected: false, skillBonusTypes: ['cashback'], skillSegments: ['regular'] }),
      agent(2, { load: 5, maxLoad: 5, skillBonusTypes: ['cashback'], skillSegments: ['regular'] }),
      agent(3, { skillBonusTypes: ['points'] }),
      agent(4, { memberActive: false, skillBonusTypes: ['cashback'], skillSegments: ['regular'] }),
      agent(5, { skillBonusTypes: ['cashback'], skillSegments: ['regular'] }),
    ];
    const { trace } = evaluateRule(r, request(), new CandidatePool(people, NOW), opts());
    expect(trace!.candidates.map((c) => [c.userId, c.eligible, c.reasons, c.chosen])).toEqual([
      [1, false, ['çevrimdışı'], false],
      [2, false, ['kapasite dolu 5/5'], false],
      [3, false, ['yetenek yok'], false],
      [4, false, ['pasif'], false],
      [5, true, [], true],
    ]);
    expect(trace!.targetUser?.username).toBe('ajan5');
  });

  it('a user target who is not online and full says both, so a tester sees why', () => {
    const r = rule({ targetStrategy: 'user', targetUserId: 7 });
    const manager = agent(7, { role: 'manager', connected: false, load: 5, maxLoad: 5 });
    const { trace } = evaluateRule(r, request(), new CandidatePool([manager], NOW), opts());
    expect(trace!.outcome).toBe('no_eligible_target');
    expect(trace!.candidates[0]!.reasons).toEqual(['çevrimdışı', 'kapasite dolu 5/5']);
    expect(trace!.candidates[0]!.status).toBe('offline');
  });
});

describe('the trace reads once: the summary adds to the outcome label instead of repeating it', () => {
  it.each([
    ['no eligible target', rule({ targetStrategy: 'user', targetUserId: 7 }), [agent(7, { role: 'manager', connected: false })]],
    ['assigned', rule({}), [agent(5, { skillBonusTypes: ['cashback'], skillSegments: ['regular'] })]],
    ['inactive', rule({ isActive: false }), [agent(5)]],
  ] as const)('%s', (_name, r, people) => {
    const { trace } = evaluateRule(r, request(), new CandidatePool([...people], NOW), opts());
    const label = RULE_OUTCOME_LABELS[trace!.outcome];
    const words = (text: string) => new Set(text.toLocaleLowerCase('tr').match(/\p{L}+/gu) ?? []);
    // No word of the label's first part comes back in the summary ('Eşleşti ama uygun hedef yok. Eşleşti, ama uygun hedef yok…').
    const repeated = [...words(label)].filter((w) => w.length > 3 && words(trace!.summary).has(w));
    expect(repeated, `${label}. ${trace!.summary}`).toEqual([]);
  });
});

describe('match classes: with nobody to give anything to, alike requests match alike', () => {
  const rules = [
    rule({ conditions: [condition({ conditionType: 'custom', field: 'amount', operator: 'gte', value: '100' })] }),
    rule({ conditions: [condition({ conditionType: 'custom', field: 'amount', operator: 'eq', value: '250.50' })] }),
    rule({ conditions: [condition({ conditionType: 'custom', field: 'amount', operator: 'lt', value: '1000' }), condition({ conditionType: 'priority_threshold', operator: 'gte', value: 4 })] }),
    rule({ conditions: [condition({ conditionType: 'bonus_type', operator: 'in', values: ['points'] }), condition({ conditionType: 'customer_segment', operator: 'in', values: ['vip'] })] }),
    rule({ conditions: [condition({ conditionType: 'customer_segment', operator: 'not_in', values: ['vip', 'high_risk'] }), condition({ conditionType: 'priority_threshold', operator: 'lte', value: 3 })] }),
    rule({ conditions: [condition({ conditionType: 'bonus_type', operator: 'not_in', values: ['other'] }), condition({ conditionType: 'custom', field: 'amount', operator: 'neq', value: '0' })] }),
    // Monday 12:00 in Istanbul: inside the first window, outside the second; the inactive rule never matches.
    rule({ conditions: [condition({ conditionType: 'time_window', weekdays: [1], from: '09:00', to: '18:00' }), condition({ conditionType: 'custom', field: 'amount', operator: 'lte', value: '250.50' })] }),
    rule({ conditions: [condition({ conditionType: 'time_window', weekdays: [1, 2], from: '22:00', to: '06:00' })] }),
    rule({ isActive: false }),
  ];
  const nobody = new CandidatePool([agent(1, { connected: false })], NOW);
  const moment = zonedMoment(NOW, ISTANBUL);
  const evaluated = (req: RoutableRequest) => decide(rules, req, nobody, { moment, random: () => 0, trace: false }).matchedRuleIds;

  it('gives every request the rules a full evaluation gives it, amounts on, above and below each threshold', () => {
    const classes = MatchClasses.of(rules, moment)!;
    const amounts = ['0', '99.99', '100', '100.01', '250.49', '250.50', '250.51', '999.99', '1000', '5000'];
    for (const bonusType of ['cashback', 'points'] as const) {
      for (const customerSegment of [null, 'vip', 'regular'] as const) {
        for (const priority of [1, 7, 10]) {
          for (const amount of amounts) {
            const req = request({ bonusType, customerSegment, priority, amount });
            expect(classes.matched(req), JSON.stringify(req)).toEqual(evaluated(req));
          }
        }
      }
    }
  });

  it('adds up per rule, by class, the matches a full evaluation of each request would count', () => {
    const classes = MatchClasses.of(rules, moment)!;
    const expected = new Map<number, number>();
    const amounts = ['0', '99.99', '100', '250.5', '250.50', '999.99', '1000', '-5'];
    let n = 0;
    for (const bonusType of ['cashback', 'points', 'other'] as const) {
      for (const customerSegment of [null, 'vip', 'high_risk'] as const) {
        for (const priority of [1, 7, 10, 42]) {
          for (const amount of amounts) {
            const req = request({ bonusType, customerSegment, priority, amount, externalId: `E-${n++}` });
            classes.count(req);
            for (const id of evaluated(req)) expected.set(id, (expected.get(id) ?? 0) + 1);
          }
        }
      }
    }
    const counted = new Map<number, number>();
    expect(classes.drain((id, matches) => counted.set(id, (counted.get(id) ?? 0) + matches))).toBe(true);
    expect(counted).toEqual(expected);
    // Drained: nothing is counted twice.
    expect(classes.drain(() => expect.unreachable())).toBe(false);
  });

  it('is not used when a rule compares a text field, which tells every request apart', () => {
    expect(MatchClasses.of([...rules, rule({ conditions: [condition({ conditionType: 'custom', field: 'customerUsername', operator: 'contains', value: 'vip' })] })], moment)).toBeUndefined();
  });
});

describe('cents: exact money from a decimal string', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['12.509', 1250],
    ['-3.07', -307],
    ['.5', 50],
    ['1000000.99', 100000099],
  ])('%s is %i cents', (decimal, expected) => {
    expect(cents(decimal)).toBe(expected);
  });

  it('reads what is not plain digits as before (a number, or NaN)', () => {
    expect(cents('1e3')).toBe(100_000);
    expect(cents('1.2.3')).toBe(120);
    expect(cents('abc')).toBeNaN();
  });
});
