import type { RoutingStrategy } from '@common/enums';
import { ROUTING_EXCLUSION, type CandidateTrace, type ConditionTrace, type RoutingCondition, type RuleTrace } from '@common/schemas/routing';
import { candidateStatus, exclusionReasons, hasSkills, inPool, type Candidate } from './candidates';
import { evaluateCondition, type RoutableRequest, type ZonedMoment } from './conditions';

/** A rule as the engine reads it. */
export interface EngineRule {
  id: number;
  ruleName: string;
  targetStrategy: RoutingStrategy;
  targetUserId: number | null;
  priority: number;
  position: number;
  isActive: boolean;
  /** Round robin's cursor: whom this rule chose last. */
  lastChosenUserId: number | null;
  conditions: RoutingCondition[];
}

/** Evaluation order: priority (highest first), then position, then id. */
export function byEvaluationOrder(a: EngineRule, b: EngineRule): number {
  return b.priority - a.priority || a.position - b.position || a.id - b.id;
}

/**
 * The people of one decision with their eligibility computed once (shared by every rule),
 * kept up to date as a batch assigns (load rises).
 */
export class CandidatePool {
  readonly byId = new Map<number, Candidate>();
  private readonly reasons = new Map<number, string[]>();
  /** The eligible pool members, in rotation order; recomputed only after a change. */
  private eligibleMembers: Candidate[] | null = null;
  /** Pool members (agents, operators) in user id order: round robin's rotation. */
  readonly pool: Candidate[];

  constructor(
    candidates: Candidate[],
    readonly now: Date,
  ) {
    for (const c of candidates) this.byId.set(c.userId, c);
    this.pool = candidates.filter(inPool).sort((a, b) => a.userId - b.userId);
  }

  reasonsFor(c: Candidate): string[] {
    let r = this.reasons.get(c.userId);
    if (!r) {
      r = exclusionReasons(c, this.now);
      this.reasons.set(c.userId, r);
    }
    return r;
  }

  eligible(c: Candidate): boolean {
    return this.reasonsFor(c).length === 0;
  }

  eligiblePool(): Candidate[] {
    return (this.eligibleMembers ??= this.pool.filter((c) => this.eligible(c)));
  }

  /** A request was given to the candidate: load +1, eligibility recomputed. */
  noteAssigned(userId: number, at: Date): void {
    const c = this.byId.get(userId);
    if (!c) return;
    c.load += 1;
    c.lastAssignedAt = at;
    this.reasons.delete(userId);
    this.eligibleMembers = null;
  }

  /** The database said otherwise (a claim raced us): take its load. */
  setLoad(userId: number, load: number, maxLoad: number): void {
    const c = this.byId.get(userId);
    if (!c) return;
    c.load = load;
    c.maxLoad = maxLoad;
    this.reasons.delete(userId);
    this.eligibleMembers = null;
  }
}

export interface DecideOptions {
  moment: ZonedMoment;
  random: () => number;
  /** Build the trace (test, simulate); routing itself skips it. */
  trace: boolean;
  /** Hand-out: only this user may be chosen (a rule routing to someone else stops the search). */
  onlyUserId?: number;
}

export interface RuleEvaluation {
  rule: EngineRule;
  matched: boolean;
  chosen: Candidate | null;
  trace?: RuleTrace;
}

const leastLoaded = (a: Candidate, b: Candidate) =>
  a.load - b.load || (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) || a.userId - b.userId;

/** The strategy's pick among the eligible candidates, or null. */
function choose(rule: EngineRule, request: RoutableRequest, pool: CandidatePool, random: () => number): Candidate | null {
  if (rule.targetStrategy === 'user') {
    const target = rule.targetUserId === null ? undefined : pool.byId.get(rule.targetUserId);
    return target && pool.eligible(target) ? target : null;
  }
  const eligible = pool.eligiblePool();
  if (eligible.length === 0) return null;
  switch (rule.targetStrategy) {
    case 'round_robin': {
      const last = rule.lastChosenUserId ?? 0;
      return eligible.find((c) => c.userId > last) ?? eligible[0]!;
    }
    case 'load_based':
      return eligible.reduce((best, c) => (leastLoaded(c, best) < 0 ? c : best));
    case 'skill_based': {
      const skilled = eligible.filter((c) => hasSkills(c, request.bonusType, request.customerSegment));
      return skilled.length ? skilled.reduce((best, c) => (leastLoaded(c, best) < 0 ? c : best)) : null;
    }
    case 'random':
      return eligible[Math.floor(random() * eligible.length) % eligible.length]!;
  }
}

function candidateTraces(rule: EngineRule, request: RoutableRequest, pool: CandidatePool, chosen: Candidate | null): CandidateTrace[] {
  const people =
    rule.targetStrategy === 'user'
      ? [rule.targetUserId === null ? undefined : pool.byId.get(rule.targetUserId)].filter((c): c is Candidate => Boolean(c))
      : pool.pool;
  return people.map((c) => {
    const reasons = [...pool.reasonsFor(c)];
    if (rule.targetStrategy === 'skill_based' && !hasSkills(c, request.bonusType, request.customerSegment)) reasons.push(ROUTING_EXCLUSION.noSkill);
    return {
      userId: c.userId,
      fullName: c.fullName,
      username: c.username,
      role: c.role,
      status: candidateStatus(c, pool.now),
      currentLoad: c.load,
      maxLoad: c.maxLoad,
      eligible: reasons.length === 0,
      reasons,
      chosen: chosen?.userId === c.userId,
    };
  });
}

/**
 * What the outcome's label (RULE_OUTCOME_LABELS, shown just before it) does not already say: the
 * screen reads 'Eşleşti ama uygun hedef yok. Sıradaki kurala geçildi.', never the same fact twice.
 */
function summary(rule: EngineRule, matched: boolean, chosen: Candidate | null, reached: boolean): string {
  if (!rule.isActive) return 'Değerlendirilmez.';
  if (!matched) return 'Sıradaki kurala geçildi.';
  if (chosen) return reached ? `${chosen.fullName} (${chosen.username}).` : `Bu kural ${chosen.fullName} kişisini seçerdi.`;
  if (rule.targetStrategy === 'user' && rule.targetUserId === null) return 'Hedef kullanıcı artık yok; sıradaki kurala geçildi.';
  return 'Sıradaki kurala geçildi.';
}

/** One rule against a request: do its conditions hold, and whom would its strategy pick. */
export function evaluateRule(
  rule: EngineRule,
  request: RoutableRequest,
  pool: CandidatePool,
  opts: DecideOptions,
  reached = true,
  conditions: RoutingCondition[] = rule.conditions,
): RuleEvaluation {
  let matched = true;
  const conditionTrace: ConditionTrace[] = [];
  for (const c of conditions) {
    const outcome = evaluateCondition(c, request, opts.moment, opts.trace);
    if (opts.trace) conditionTrace.push({ conditionId: c.id, conditionType: c.conditionType, passed: outcome.passed, reason: outcome.reason });
    if (!outcome.passed) {
      matched = false;
      if (!opts.trace) break;
    }
  }
  let chosen = matched && (rule.isActive || opts.trace) ? choose(rule, request, pool, opts.random) : null;
  if (chosen && opts.onlyUserId !== undefined && chosen.userId !== opts.onlyUserId) {
    // Hand-out to one agent: does the rule route to them? (Round robin and random may pick them too.)
    const them = pool.byId.get(opts.onlyUserId);
    const canPick = them && pool.eligible(them) && (rule.targetStrategy === 'user' ? rule.targetUserId === them.userId : inPool(them))
      && (rule.targetStrategy !== 'skill_based' || hasSkills(them, request.bonusType, request.customerSegment));
    chosen = canPick ? them! : chosen;
  }
  const evaluation: RuleEvaluation = { rule, matched, chosen };
  if (opts.trace) {
    const outcome = !rule.isActive ? 'inactive' : !matched ? 'no_match' : !chosen ? 'no_eligible_target' : reached ? 'assigned' : 'not_reached';
    evaluation.trace = {
      ruleId: rule.id,
      ruleName: rule.ruleName,
      targetStrategy: rule.targetStrategy,
      priority: rule.priority,
      isActive: rule.isActive,
      matched,
      outcome,
      conditions: conditionTrace,
      candidates: candidateTraces(rule, request, pool, chosen),
      targetUser: chosen ? { id: chosen.userId, fullName: chosen.fullName, username: chosen.username } : null,
      summary: summary(rule, matched, chosen, reached),
    };
  }
  return evaluation;
}

/**
 * The rules a request of this bonus type and segment can match at all: those whose bonus-type
 * and segment conditions admit it, in evaluation order, each with its other conditions. Built once per rule list and combination
 * (15 at most), so a batch of thousands skips most rules without looking at them.
 */
type Prefiltered = { rule: EngineRule; rest: RoutingCondition[] }[];
const prefiltered = new WeakMap<EngineRule[], Map<string, Prefiltered>>();
function rulesFor(rules: EngineRule[], request: RoutableRequest): Prefiltered {
  let byKey = prefiltered.get(rules);
  if (!byKey) {
    byKey = new Map();
    prefiltered.set(rules, byKey);
  }
  const key = `${request.bonusType}|${request.customerSegment ?? ''}`;
  let list = byKey.get(key);
  if (!list) {
    const admits = (c: RoutingCondition) => {
      if (c.conditionType === 'bonus_type') return (c.values as string[]).includes(request.bonusType) === (c.operator === 'in');
      if (c.conditionType === 'customer_segment') {
        const has = request.customerSegment !== null && (c.values as string[]).includes(request.customerSegment);
        return has === (c.operator === 'in');
      }
      return true;
    };
    const settled = (c: RoutingCondition) => c.conditionType === 'bonus_type' || c.conditionType === 'customer_segment';
    list = rules.filter((r) => r.isActive && r.conditions.every(admits)).map((rule) => ({ rule, rest: rule.conditions.filter((c) => !settled(c)) }));
    byKey.set(key, list);
  }
  return list;
}

export interface Decision {
  winner: { rule: EngineRule; candidate: Candidate } | null;
  /** Active rules whose conditions held, up to and including the winner (stats: matches). */
  matchedRuleIds: number[];
  /** With opts.trace: every rule given, in evaluation order. */
  traces: RuleTrace[];
}

/**
 * The routing decision: active rules in evaluation order; the first that matches and has an
 * eligible target wins. A rule that matches without one is noted and the search goes on.
 * `rules` must already be in evaluation order.
 */
export function decide(rules: EngineRule[], request: RoutableRequest, pool: CandidatePool, opts: DecideOptions): Decision {
  const matchedRuleIds: number[] = [];
  const traces: RuleTrace[] = [];
  let winner: Decision['winner'] = null;
  // Routing itself walks only the rules this request can match, checking only the conditions
  // the prefilter has not already settled; a trace shows every rule and every condition.
  for (const { rule, rest } of opts.trace ? rules.map((rule) => ({ rule, rest: rule.conditions })) : rulesFor(rules, request)) {
    if (!rule.isActive && !opts.trace) continue;
    const evaluation = evaluateRule(rule, request, pool, opts, winner === null, rest);
    if (evaluation.trace) traces.push(evaluation.trace);
    if (!rule.isActive || winner) continue;
    if (evaluation.matched) matchedRuleIds.push(rule.id);
    if (evaluation.matched && evaluation.chosen) {
      if (opts.onlyUserId !== undefined && evaluation.chosen.userId !== opts.onlyUserId) {
        // Hand-out: this request's rule routes elsewhere; it is not this agent's.
        break;
      }
      winner = { rule, candidate: evaluation.chosen };
      if (!opts.trace) break;
    }
  }
  return { winner, matchedRuleIds, traces };
}
