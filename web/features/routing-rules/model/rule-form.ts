import { z } from 'zod';
import { ROUTING_PRIORITY } from '@common/constants';
import type { RoutingStrategy } from '@common/enums';
import { ROUTING_MESSAGES, routingRuleBody, type RoutingRule, type RoutingRuleBody } from '@common/schemas/routing';
import { draftFromCondition, type ConditionDraft } from './conditions';

/** What the rule form holds: the strategy may still be unchosen (''), conditions carry their row keys. */
export interface RuleFormValues {
  ruleName: string;
  targetStrategy: RoutingStrategy | '';
  targetUserId: number | null;
  priority: number;
  isActive: boolean;
  conditions: ConditionDraft[];
}

/**
 * The server's own body schema (so every §5 message is written once, in common/), with the
 * target-user rule checked even while other fields are wrong: the form shows every message at once.
 */
const bodyFields = routingRuleBody.in.shape;
export const ruleFormSchema = z
  .object(bodyFields)
  .superRefine(
    (b, ctx) => {
      if (b.targetStrategy === 'user' && !b.targetUserId) {
        ctx.addIssue({ code: 'custom', path: ['targetUserId'], message: ROUTING_MESSAGES.targetUserRequired });
      }
    },
    { when: () => true },
  )
  // Parsed conditions have lost their row keys; a weekday list is typed narrower in the input than it is.
  .transform((b) => ({ ...b, targetUserId: b.targetStrategy === 'user' ? (b.targetUserId ?? null) : null }) as RoutingRuleBody);

export function ruleFormDefaults(rule: RoutingRule | null): RuleFormValues {
  if (!rule) {
    return { ruleName: '', targetStrategy: '', targetUserId: null, priority: ROUTING_PRIORITY.default, isActive: true, conditions: [] };
  }
  return {
    ruleName: rule.ruleName,
    targetStrategy: rule.targetStrategy,
    targetUserId: rule.targetUserId,
    priority: rule.priority,
    isActive: rule.isActive,
    conditions: rule.conditions.map(draftFromCondition),
  };
}
