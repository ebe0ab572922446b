import { BONUS_TYPES, CUSTOMER_SEGMENTS, type BonusType, type CustomerSegment, type RoutingStrategy } from '../common/enums';
import { routingConditionInput, type RoutingCondition, type RoutingConditionInput } from '../common/schemas/routing';
import type { Candidate } from '../server/modules/routing/candidates';
import { zonedMoment, type RoutableRequest } from '../server/modules/routing/conditions';
import { byEvaluationOrder, CandidatePool, decide, type EngineRule } from '../server/modules/routing/engine';
import { DEFAULT_TIME_ZONE } from '../common/constants';

/**
 * `npm run bench:routing`: the routing decision in process — 200 active rules, 50 agents — as the
 * creating transaction makes it once rules and people are read: conditions of the rules in
 * evaluation order, eligibility, the strategy's pick. Prints p50/p95/p99 over BENCH_ROUTING_DECISIONS
 * (20,000) requests after a warm-up. Rules are built so that most requests pass many rules before
 * one wins (the expensive case), and a tenth match none at all (every rule evaluated).
 */
const RULES = Number(process.env.BENCH_ROUTING_RULES ?? 200);
const AGENTS = Number(process.env.BENCH_ROUTING_AGENTS ?? 50);
const DECISIONS = Number(process.env.BENCH_ROUTING_DECISIONS ?? 20_000);
const log = (s: string) => process.stdout.write(`${s}\n`);

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

let id = 1;
const condition = (input: RoutingConditionInput): RoutingCondition => ({ ...routingConditionInput.parse(input), id: id++ }) as RoutingCondition;

function ruleAt(i: number): EngineRule {
  const strategies: RoutingStrategy[] = ['round_robin', 'load_based', 'skill_based', 'random', 'user'];
  const strategy = strategies[i % strategies.length]!;
  // Narrow conditions: each rule matches a small slice, so a request walks many rules.
  const conditions = [
    condition({ conditionType: 'bonus_type', operator: 'in', values: [BONUS_TYPES[i % 3]!] }),
    condition({ conditionType: 'customer_segment', operator: i % 2 ? 'in' : 'not_in', values: [CUSTOMER_SEGMENTS[i % 4]!] }),
    condition({ conditionType: 'custom', field: 'amount', operator: 'gte', value: String((i % 40) * 250) }),
    condition({ conditionType: 'time_window', weekdays: [1, 2, 3, 4, 5, 6, 7], from: `${String(i % 24).padStart(2, '0')}:00`, to: `${String((i + 6) % 24).padStart(2, '0')}:00` }),
  ];
  if (i % 3 === 0) conditions.push(condition({ conditionType: 'custom', field: 'description', operator: 'contains', value: `kampanya ${i % 17}` }));
  return {
    id: i + 1,
    ruleName: `Kural ${i + 1}`,
    targetStrategy: strategy,
    targetUserId: strategy === 'user' ? 1000 + (i % AGENTS) : null,
    priority: 1 + (i % 100),
    position: i,
    isActive: true,
    lastChosenUserId: null,
    conditions,
  };
}

function agentAt(i: number, now: Date): Candidate {
  return {
    userId: 1000 + i,
    fullName: `Ajan ${i}`,
    username: `ajan${i}`,
    role: i % 10 === 0 ? 'operator' : 'agent',
    accountActive: true,
    isMember: true,
    memberActive: i % 17 !== 0,
    connected: i % 5 !== 0,
    manualStatus: i % 13 === 0 ? 'busy' : null,
    lastActivityAt: new Date(now.getTime() - 60_000),
    load: i % 6,
    maxLoad: 5,
    skillBonusTypes: [BONUS_TYPES[i % 3]!, BONUS_TYPES[(i + 1) % 3]!] as BonusType[],
    skillSegments: [CUSTOMER_SEGMENTS[i % 4]!, CUSTOMER_SEGMENTS[(i + 2) % 4]!] as CustomerSegment[],
    lastAssignedAt: new Date(now.getTime() - i * 1000),
  };
}

function requestAt(): RoutableRequest {
  return {
    bonusType: pick(BONUS_TYPES),
    customerSegment: random() < 0.2 ? null : pick(CUSTOMER_SEGMENTS),
    priority: 1 + Math.floor(random() * 10),
    amount: (random() * 12_000).toFixed(2),
    customerUsername: `oyuncu${Math.floor(random() * 100_000)}`,
    externalId: `EXT-${Math.floor(random() * 1_000_000)}`,
    description: `Haftalık kampanya ${Math.floor(random() * 20)} kayıp iadesi`,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function main(): void {
  const now = new Date();
  const rules = Array.from({ length: RULES }, (_, i) => ruleAt(i)).sort(byEvaluationOrder);
  const agents = Array.from({ length: AGENTS }, (_, i) => agentAt(i, now));
  const moment = zonedMoment(now, DEFAULT_TIME_ZONE);
  const opts = { moment, random, trace: false };
  const requests = Array.from({ length: DECISIONS }, requestAt);

  // A pool per decision, as each creating transaction reads its own (eligibility is computed anew).
  for (let i = 0; i < 2_000; i++) decide(rules, requests[i % requests.length]!, new CandidatePool(agents, now), opts);

  const times: number[] = [];
  let won = 0;
  let rulesWalked = 0;
  for (const request of requests) {
    const started = process.hrtime.bigint();
    const decision = decide(rules, request, new CandidatePool(agents, now), opts);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (decision.winner) {
      won++;
      rulesWalked += rules.indexOf(decision.winner.rule) + 1;
    } else rulesWalked += rules.length;
  }
  times.sort((a, b) => a - b);
  const eligible = new CandidatePool(agents, now);
  log(`routing decision: ${RULES} active rules, ${AGENTS} agents (${agents.filter((a) => eligible.eligible(a)).length} eligible), ${DECISIONS} requests`);
  log(`  winner found: ${((won / DECISIONS) * 100).toFixed(1)}%, rules evaluated per decision: ${(rulesWalked / DECISIONS).toFixed(1)} on average`);
  log(`  p50 ${percentile(times, 50).toFixed(3)} ms   p95 ${percentile(times, 95).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms   max ${times[times.length - 1]!.toFixed(3)} ms`);
}

main();
