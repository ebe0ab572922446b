import { storedPriority } from '@common/priority';
import { SETTINGS_DEFAULTS } from '@common/constants';
import {
  ROUTING_MESSAGES,
  type RoutingSimulateResult,
  type RoutingTestInput,
  type RoutingTestResult,
} from '@common/schemas/routing';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { readProjectSettings } from '../settings';
import { loadCandidates } from './candidates';
import { zonedMoment, type RoutableRequest } from './conditions';
import { CandidatePool, decide, evaluateRule, type EngineRule } from './engine';
import { loadEngineRules } from './rules-repo';

/**
 * Test and simulate (issue 11): the engine's own decision for a hypothetical request, with the
 * trace of every condition and candidate. Read only: nothing is assigned, no cursor moves, no
 * statistic counts.
 */
async function prepare(ctx: AppContext, projectId: number, payload: RoutingTestInput) {
  const rules = await loadEngineRules(ctx.database.db, projectId, { activeOnly: false });
  const targets = rules.flatMap((r) => (r.targetUserId === null ? [] : [r.targetUserId]));
  const now = ctx.clock.now();
  const at = payload.at ? new Date(payload.at) : now;
  const settings = await readProjectSettings(ctx.database.db, projectId);
  const pool = new CandidatePool(await loadCandidates(ctx.database.db, projectId, targets), now);
  const request: RoutableRequest = {
    bonusType: payload.bonusType,
    customerSegment: payload.customerSegment,
    // The test asks for a 1–5 level, like the form; the engine reads stored priorities.
    priority: storedPriority(payload.priority),
    amount: payload.amount,
    customerUsername: payload.customerUsername || null,
    externalId: payload.externalId || null,
    description: payload.description || null,
  };
  const opts = { moment: zonedMoment(at, settings?.timezone ?? SETTINGS_DEFAULTS.timezone), random: Math.random, trace: true };
  return { rules, pool, request, opts, at };
}

export async function testRule(ctx: AppContext, projectId: number, ruleId: number, payload: RoutingTestInput): Promise<RoutingTestResult> {
  const { rules, pool, request, opts, at } = await prepare(ctx, projectId, payload);
  const rule: EngineRule | undefined = rules.find((r) => r.id === ruleId);
  if (!rule) throw notFound(ROUTING_MESSAGES.ruleNotFound);
  const { trace } = evaluateRule(rule, request, pool, opts);
  return { matched: trace!.matched, targetUser: trace!.matched ? trace!.targetUser : null, evaluatedAt: at.toISOString(), trace: trace! };
}

export async function simulateRouting(ctx: AppContext, projectId: number, payload: RoutingTestInput): Promise<RoutingSimulateResult> {
  const { rules, pool, request, opts, at } = await prepare(ctx, projectId, payload);
  const decision = decide(rules, request, pool, opts);
  const winner = decision.winner
    ? {
        ruleId: decision.winner.rule.id,
        ruleName: decision.winner.rule.ruleName,
        targetUser: { id: decision.winner.candidate.userId, fullName: decision.winner.candidate.fullName, username: decision.winner.candidate.username },
      }
    : null;
  return { winner, evaluatedAt: at.toISOString(), rules: decision.traces };
}
