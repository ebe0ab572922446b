import { and, eq } from 'drizzle-orm';
import type { BonusType, CustomerSegment } from '@common/enums';
import { routingConditionInput, type RoutingConditionInput } from '@common/schemas/routing';
import type { DbOrTx } from '../client';
import { projectMembers, routingRuleConditions, routingRules } from '../schema';
import type { DemoOrganisation } from './demo-organisation';
import { conditionParams } from '../../modules/routing';

type SeedRule = {
  ruleName: string;
  targetStrategy: 'user' | 'skill_based' | 'round_robin' | 'load_based' | 'random';
  target?: string;
  priority: number;
  isActive?: boolean;
  conditions: RoutingConditionInput[];
};

/**
 * Per demo project (GOLD, YILDIZ, KRAL): VIP customers to a senior agent, large amounts to the
 * project's manager, cashback and high-risk customers to the agents skilled for them, and a
 * paused night-shift round robin. Targets and skills are given to staff the browser tests do
 * not sign in as (agent2–4, agent6), so those tests' own requests and loads are never routed.
 */
function rulesOf(index: number): SeedRule[] {
  const senior = ['agent3', 'agent4', 'agent6'][index]!;
  const boss = ['manager', 'manager', 'admin'][index]!;
  return [
    {
      ruleName: 'Yüksek tutarlar yöneticiye',
      targetStrategy: 'user',
      target: boss,
      priority: 95,
      conditions: [{ conditionType: 'custom', field: 'amount', operator: 'gte', value: '20000' }],
    },
    {
      ruleName: 'VIP talepleri kıdemli agente',
      targetStrategy: 'user',
      target: senior,
      priority: 90,
      conditions: [{ conditionType: 'customer_segment', operator: 'in', values: ['vip'] }],
    },
    {
      ruleName: 'Yüksek riskli müşteriler yetenekli agente',
      targetStrategy: 'skill_based',
      priority: 70,
      conditions: [{ conditionType: 'customer_segment', operator: 'in', values: ['high_risk'] }],
    },
    {
      ruleName: 'Nakit iadeler yetenek bazlı',
      targetStrategy: 'skill_based',
      priority: 50,
      conditions: [
        { conditionType: 'bonus_type', operator: 'in', values: ['cashback'] },
        { conditionType: 'priority_threshold', operator: 'gte', value: 1 },
      ],
    },
    {
      ruleName: 'Gece vardiyası puan talepleri sıralı',
      targetStrategy: 'round_robin',
      priority: 40,
      isActive: false,
      conditions: [
        { conditionType: 'bonus_type', operator: 'in', values: ['points'] },
        { conditionType: 'time_window', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '08:00' },
      ],
    },
  ];
}

/** Skills of the agents the rules above reach (per project index). */
const SKILLS: Record<string, { bonusTypes: BonusType[]; segments: CustomerSegment[] }>[] = [
  {
    agent2: { bonusTypes: ['cashback', 'other'], segments: ['regular', 'new'] },
    agent3: { bonusTypes: ['cashback', 'points', 'other'], segments: ['vip', 'regular', 'high_risk'] },
  },
  {
    agent3: { bonusTypes: ['cashback', 'points'], segments: ['regular', 'new', 'high_risk'] },
    agent4: { bonusTypes: ['cashback', 'points', 'other'], segments: ['vip', 'regular', 'high_risk'] },
  },
  { agent6: { bonusTypes: ['cashback', 'points', 'other'], segments: ['vip', 'regular', 'new', 'high_risk'] } },
];

export async function seedDemoRouting(tx: DbOrTx, org: DemoOrganisation): Promise<void> {
  for (const [index, projectId] of org.projectIds.entries()) {
    for (const [position, rule] of rulesOf(index).entries()) {
      const [row] = await tx
        .insert(routingRules)
        .values({
          projectId,
          ruleName: rule.ruleName,
          targetStrategy: rule.targetStrategy,
          targetUserId: rule.target ? org.userIds[rule.target]! : null,
          priority: rule.priority,
          isActive: rule.isActive ?? true,
          position,
          createdByUserId: org.userIds.admin ?? null,
        })
        .returning({ id: routingRules.id });
      await tx.insert(routingRuleConditions).values(
        rule.conditions.map((c, i) => ({ ruleId: row!.id, conditionType: c.conditionType, params: conditionParams(routingConditionInput.parse(c)), position: i })),
      );
    }
    for (const [username, skill] of Object.entries(SKILLS[index] ?? {})) {
      await tx
        .update(projectMembers)
        .set({ skillBonusTypes: skill.bonusTypes, skillSegments: skill.segments })
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, org.userIds[username]!)));
    }
  }
}
