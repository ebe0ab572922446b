import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@common/schemas/api';
import { ROUTING_MESSAGES, type RoutingRule, type RoutingRuleInput } from '@common/schemas/routing';
import type { z } from 'zod';
import type { routingRuleListQuery } from '@common/schemas/routing';
import type { DbOrTx } from '../../db/client';
import { projectMembers, routingRuleConditions, routingRules, searchFold, users } from '../../db/schema';
import { notFound, validationError, AppError } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import type { AuditActionOn, AuditDetails } from '@common/audit-catalogue';
import { likePattern } from '../../lib/like-pattern';
import { pageOf } from '../../lib/paging';
import { conditionParams, presentRule, presentRules } from './rules-repo';
import { lockProjectRouting } from './routing-session';

type ListQuery = z.output<typeof routingRuleListQuery>;

type RuleChange = AuditDetails<'UPDATE_ROUTING_RULE'>;

/** One audit row per change, with the rule as it was and as it is (null when created or deleted). */
async function auditRule(
  tx: DbOrTx,
  scope: ActorContext,
  projectId: number,
  action: AuditActionOn<'routing_rule'>,
  resourceId: number | null,
  before: RuleChange['before'],
  after: RuleChange['after'],
): Promise<void> {
  await writeAudit(tx, {
    actor: scope.actor,
    action,
    resourceId,
    details: { before, after },
    ipAddress: scope.ipAddress,
    projectId,
  });
}

/** The user strategy's target must be an active member of the project (a foreign id is refused like an unknown one). */
async function checkTarget(db: DbOrTx, projectId: number, input: RoutingRuleInput): Promise<void> {
  if (input.targetUserId === null) return;
  const [member] = await db
    .select({ id: users.id })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, input.targetUserId), eq(users.isActive, true)))
    .limit(1);
  if (!member) throw validationError({ targetUserId: ROUTING_MESSAGES.targetUserNotMember }, ROUTING_MESSAGES.targetUserNotMember);
}

async function writeConditions(tx: DbOrTx, ruleId: number, input: RoutingRuleInput): Promise<void> {
  await tx.delete(routingRuleConditions).where(eq(routingRuleConditions.ruleId, ruleId));
  await tx.insert(routingRuleConditions).values(
    input.conditions.map((c, position) => ({ ruleId, conditionType: c.conditionType, params: conditionParams(c), position })),
  );
}

/** Rules in evaluation order, searched by name, filtered by status, paged; `total` counts the filtered rules. */
export async function listRules(db: DbOrTx, projectId: number, query: ListQuery): Promise<Paged<RoutingRule>> {
  const where: SQL | undefined = and(
    eq(routingRules.projectId, projectId),
    // Folded like the request search: 'vip' finds 'VİP', 'aydin' finds 'Aydın'.
    query.search ? sql`${searchFold(sql`${routingRules.ruleName}`)} like ${searchFold(sql`${likePattern(query.search)}`)}` : undefined,
    query.status === 'active' ? eq(routingRules.isActive, true) : query.status === 'inactive' ? eq(routingRules.isActive, false) : undefined,
  );
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(routingRules).where(where);
  const total = Number(counted?.n ?? 0);
  const items = await presentRules(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(items, total, query.page, query.limit);
}

export async function getRule(db: DbOrTx, projectId: number, id: number): Promise<RoutingRule> {
  const rule = await presentRule(db, projectId, id);
  if (!rule) throw notFound(ROUTING_MESSAGES.ruleNotFound);
  return rule;
}

export async function createRule(scope: ActorContext, { projectId, ...input }: { projectId: number } & RoutingRuleInput): Promise<RoutingRule> {
  const db = scope.ctx.database.db;
  await checkTarget(db, projectId, input);
  const rule = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${routingRules.position}), -1)::int` })
      .from(routingRules)
      .where(eq(routingRules.projectId, projectId));
    const [row] = await tx
      .insert(routingRules)
      .values({
        projectId,
        ruleName: input.ruleName,
        targetStrategy: input.targetStrategy,
        targetUserId: input.targetUserId,
        priority: input.priority,
        isActive: input.isActive,
        position: Number(last?.position ?? -1) + 1,
        createdByUserId: scope.actor.id,
      })
      .returning({ id: routingRules.id });
    await writeConditions(tx, row!.id, input);
    const created = (await presentRule(tx, projectId, row!.id))!;
    await auditRule(tx, scope, projectId, 'CREATE_ROUTING_RULE', created.id, null, created);
    return created;
  });
  return routeWaitingAfter(scope, projectId, rule);
}

/**
 * An active rule created, changed or switched on may route waiting requests to someone eligible:
 * they are handed out after the change commits, as new requests would be.
 */
function routeWaitingAfter<T extends { isActive: boolean }>(scope: ActorContext, projectId: number, rule: T): T {
  if (rule.isActive) scope.ctx.events.publish('rulesChanged', { projectId });
  return rule;
}

/** Replaces the rule's fields and its conditions (the form sends the whole list). */
export async function updateRule(scope: ActorContext, { projectId, id, ...input }: { projectId: number; id: number } & RoutingRuleInput): Promise<RoutingRule> {
  const db = scope.ctx.database.db;
  await checkTarget(db, projectId, input);
  const rule = await db.transaction(async (tx) => {
    const before = await lockedRule(tx, projectId, id);
    const targetChanged = before.targetStrategy !== input.targetStrategy;
    await tx
      .update(routingRules)
      .set({
        ruleName: input.ruleName,
        targetStrategy: input.targetStrategy,
        targetUserId: input.targetUserId,
        priority: input.priority,
        isActive: input.isActive,
        updatedAt: scope.ctx.clock.now(),
        // A new strategy starts its own rotation.
        ...(targetChanged ? { lastChosenUserId: null } : {}),
      })
      .where(eq(routingRules.id, id));
    await writeConditions(tx, id, input);
    const after = (await presentRule(tx, projectId, id))!;
    await auditRule(tx, scope, projectId, 'UPDATE_ROUTING_RULE', id, before, after);
    return after;
  });
  return routeWaitingAfter(scope, projectId, rule);
}

/** The rule as it stands, its row locked for the change; 404 for another project's rule. */
async function lockedRule(tx: DbOrTx, projectId: number, id: number): Promise<RoutingRule> {
  const locked = await tx
    .select({ id: routingRules.id })
    .from(routingRules)
    .where(and(eq(routingRules.projectId, projectId), eq(routingRules.id, id)))
    .for('update');
  if (locked.length === 0) throw notFound(ROUTING_MESSAGES.ruleNotFound);
  return (await presentRule(tx, projectId, id))!;
}

export async function toggleRule(scope: ActorContext, { projectId, id, isActive }: { projectId: number; id: number; isActive: boolean }): Promise<RoutingRule> {
  const rule = await scope.ctx.database.db.transaction(async (tx) => {
    const before = await lockedRule(tx, projectId, id);
    await tx.update(routingRules).set({ isActive, updatedAt: scope.ctx.clock.now() }).where(eq(routingRules.id, id));
    const after = (await presentRule(tx, projectId, id))!;
    await auditRule(tx, scope, projectId, 'TOGGLE_ROUTING_RULE', id, { isActive: before.isActive }, { isActive: after.isActive });
    return after;
  });
  return routeWaitingAfter(scope, projectId, rule);
}

export async function deleteRule(scope: ActorContext, { projectId, id }: { projectId: number; id: number }): Promise<{ id: number }> {
  return scope.ctx.database.db.transaction(async (tx) => {
    // A routing session in flight may still write this rule's statistics: the deletion waits for it
    // (and sessions after it no longer see the rule), so no creation fails on the statistics' key.
    await lockProjectRouting(tx, projectId);
    const before = await lockedRule(tx, projectId, id);
    await tx.delete(routingRules).where(eq(routingRules.id, id));
    await auditRule(tx, scope, projectId, 'DELETE_ROUTING_RULE', id, before, null);
    return { id };
  });
}

/**
 * The named rules take the slots they held in the evaluation order, in the order given; every
 * rule of the project is then renumbered. Priority decides first, so a rule cannot be put
 * before one of higher priority (400, nothing changed).
 */
export async function reorderRules(scope: ActorContext, { projectId, ruleIds }: { projectId: number; ruleIds: number[] }): Promise<RoutingRule[]> {
  if (new Set(ruleIds).size !== ruleIds.length) throw validationError({ ruleIds: ROUTING_MESSAGES.reorderDuplicate }, ROUTING_MESSAGES.reorderDuplicate);
  const rules = await scope.ctx.database.db.transaction(async (tx) => {
    const current = await tx
      .select({ id: routingRules.id, priority: routingRules.priority, position: routingRules.position })
      .from(routingRules)
      .where(eq(routingRules.projectId, projectId))
      .orderBy(sql`${routingRules.priority} desc, ${routingRules.position}, ${routingRules.id}`)
      .for('update');
    const byId = new Map(current.map((r) => [r.id, r]));
    if (ruleIds.some((id) => !byId.has(id))) throw validationError({ ruleIds: ROUTING_MESSAGES.reorderUnknownRule }, ROUTING_MESSAGES.reorderUnknownRule);
    for (let i = 1; i < ruleIds.length; i++) {
      if (byId.get(ruleIds[i - 1]!)!.priority < byId.get(ruleIds[i]!)!.priority) {
        throw new AppError('VALIDATION_FAILED', ROUTING_MESSAGES.reorderAgainstPriority, { ruleIds: ROUTING_MESSAGES.reorderAgainstPriority });
      }
    }
    const named = new Set(ruleIds);
    const queue = [...ruleIds];
    const order = current.map((r) => (named.has(r.id) ? queue.shift()! : r.id));
    const before = current.map((r) => r.id);
    await tx.execute(sql`
      update routing_rules r set position = u.position
      from unnest(${sql`${`{${order.join(',')}}`}::int[]`}) with ordinality as u(id, position)
      where r.id = u.id and r.project_id = ${projectId}`);
    const after = await presentRules(tx, eq(routingRules.projectId, projectId));
    await auditRule(tx, scope, projectId, 'REORDER_ROUTING_RULES', null, { ruleIds: before }, { ruleIds: after.map((r) => r.id) });
    return after;
  });
  // A new order may give waiting requests to another rule's targets.
  routeWaitingAfter(scope, projectId, { isActive: rules.some((r) => r.isActive) });
  return rules;
}
