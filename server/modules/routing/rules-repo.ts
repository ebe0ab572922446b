import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RoutingCondition, RoutingConditionParsed, RoutingRule } from '@common/schemas/routing';
import type { DbOrTx } from '../../db/client';
import { routingRuleConditions, routingRules, users } from '../../db/schema';
import { isoTimestamp } from '../bonus';
import { byEvaluationOrder, type EngineRule } from './engine';

type ConditionRow = typeof routingRuleConditions.$inferSelect;

/** A stored condition as the API and the engine see it: its id, type and parameters side by side. */
export function presentCondition(row: ConditionRow): RoutingCondition {
  return { ...(row.params as object), id: row.id, conditionType: row.conditionType } as RoutingCondition;
}

/** What is stored of a parsed condition: everything but its id and type. */
export function conditionParams(c: RoutingConditionParsed): Record<string, unknown> {
  const { id: _id, conditionType: _type, ...params } = c as RoutingConditionParsed & { id?: number };
  return params;
}

async function conditionsByRule(db: DbOrTx, ruleIds: number[]): Promise<Map<number, RoutingCondition[]>> {
  const map = new Map<number, RoutingCondition[]>();
  if (ruleIds.length === 0) return map;
  const rows = await db
    .select()
    .from(routingRuleConditions)
    .where(inArray(routingRuleConditions.ruleId, ruleIds))
    .orderBy(asc(routingRuleConditions.ruleId), asc(routingRuleConditions.position), asc(routingRuleConditions.id));
  for (const row of rows) {
    const list = map.get(row.ruleId) ?? [];
    list.push(presentCondition(row));
    map.set(row.ruleId, list);
  }
  return map;
}

/**
 * The statement reading the project's rules (active ones only unless asked) with their conditions; rows for `toEngineRule`.
 * The conditions are aggregated in one grouped pass over the project's rules, not by a subquery
 * per rule: every routing decision reads this (each sync batch, each hand-out), and with 100 rules
 * of 3 conditions the per-rule form took 5 ms here against 2 ms.
 */
export function engineRulesQuery(projectId: number, opts: { activeOnly: boolean }): SQL {
  const active = (alias: string) => (opts.activeOnly ? sql` and ${sql.raw(alias)}.is_active` : sql``);
  return sql`
    select r.id, r.rule_name, r.target_strategy, r.target_user_id, r.priority, r.position, r.is_active, r.last_chosen_user_id,
      coalesce(c.conditions, '[]'::jsonb) as conditions
    from routing_rules r
    left join (
      select c.rule_id, jsonb_agg(c.params || jsonb_build_object('id', c.id, 'conditionType', c.condition_type) order by c.position, c.id) as conditions
      from routing_rule_conditions c
      join routing_rules cr on cr.id = c.rule_id and cr.project_id = ${projectId}${active('cr')}
      group by c.rule_id
    ) c on c.rule_id = r.id
    where r.project_id = ${projectId}${active('r')}`;
}

export type EngineRuleRow = {
  id: number;
  rule_name: string;
  target_strategy: EngineRule['targetStrategy'];
  target_user_id: number | null;
  priority: number;
  position: number;
  is_active: boolean;
  last_chosen_user_id: number | null;
  conditions: RoutingCondition[] | string;
};

/** A rule for the engine from a row of `engineRulesQuery`, its conditions shaped as `presentCondition` shapes them. */
export function toEngineRule(r: EngineRuleRow): EngineRule {
  return {
    id: Number(r.id),
    ruleName: r.rule_name,
    targetStrategy: r.target_strategy,
    targetUserId: r.target_user_id === null ? null : Number(r.target_user_id),
    priority: Number(r.priority),
    position: Number(r.position),
    isActive: Boolean(r.is_active),
    lastChosenUserId: r.last_chosen_user_id === null ? null : Number(r.last_chosen_user_id),
    conditions: typeof r.conditions === 'string' ? (JSON.parse(r.conditions) as RoutingCondition[]) : r.conditions,
  };
}

/** The project's rules for the engine, in evaluation order (active ones only unless asked): one statement. */
export async function loadEngineRules(db: DbOrTx, projectId: number, opts: { activeOnly: boolean }): Promise<EngineRule[]> {
  const result = await db.execute(engineRulesQuery(projectId, opts));
  return (result as unknown as { rows: EngineRuleRow[] }).rows.map(toEngineRule).sort(byEvaluationOrder);
}

/** True when the project has an active rule: routing runs only then. */
export async function hasActiveRules(db: DbOrTx, projectId: number): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from routing_rules where project_id = ${projectId} and is_active) as found`);
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

const target = alias(users, 'target');
const creator = alias(users, 'creator');

/** Rules as the API answers them (spec §3): with the target's and creator's names and the conditions. */
export async function presentRules(db: DbOrTx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<RoutingRule[]> {
  let query = db
    .select({
      id: routingRules.id,
      projectId: routingRules.projectId,
      ruleName: routingRules.ruleName,
      targetStrategy: routingRules.targetStrategy,
      targetUserId: routingRules.targetUserId,
      targetFullName: target.fullName,
      targetUsername: target.username,
      priority: routingRules.priority,
      isActive: routingRules.isActive,
      position: routingRules.position,
      createdById: creator.id,
      createdByFullName: creator.fullName,
      createdByUsername: creator.username,
      createdAt: isoTimestamp(routingRules.createdAt),
      updatedAt: isoTimestamp(routingRules.updatedAt),
    })
    .from(routingRules)
    .leftJoin(target, eq(target.id, routingRules.targetUserId))
    .leftJoin(creator, eq(creator.id, routingRules.createdByUserId))
    .where(where)
    .orderBy(desc(routingRules.priority), asc(routingRules.position), asc(routingRules.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  const conditions = await conditionsByRule(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    ruleName: r.ruleName,
    targetStrategy: r.targetStrategy,
    targetUserId: r.targetUserId,
    targetUser: r.targetUserId !== null && r.targetFullName !== null ? { id: r.targetUserId, fullName: r.targetFullName, username: r.targetUsername! } : null,
    priority: r.priority,
    isActive: r.isActive,
    position: r.position,
    conditions: conditions.get(r.id) ?? [],
    createdBy: r.createdById !== null ? { id: r.createdById, fullName: r.createdByFullName!, username: r.createdByUsername! } : null,
    createdAt: r.createdAt!,
    updatedAt: r.updatedAt!,
  }));
}

export async function presentRule(db: DbOrTx, projectId: number, id: number): Promise<RoutingRule | undefined> {
  const [rule] = await presentRules(db, and(eq(routingRules.projectId, projectId), eq(routingRules.id, id)));
  return rule;
}
