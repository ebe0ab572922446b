import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { routingRuleConditions, routingRules, routingRuleVersions } from '../../db/schema';
import { login } from '../../test/harness';
import { call, closeSockets, createRule, newRequest, onlineAgent, requestsUrl, routingTestBed, rulesUrl, freshProject as freshProjectOf } from './routing-test-kit';
import { heldRules, heldVersion, holdRules } from './rules-cache';
import type { EngineRule } from './engine';

/**
 * Routing keeps each project's compiled rules by the routing definition version
 * (routing_rule_versions, moved by triggers): whatever changes a rule, through the API or
 * straight in the database, the very next decision uses the rule as it now is; what routing
 * itself writes (round robin's cursor, counters) moves no version.
 */
let t: Awaited<ReturnType<typeof routingTestBed>>;
let operator: string;
beforeAll(async () => {
  t = await routingTestBed();
  operator = (await login(t.app, t.members.operator.username)).accessToken;
}, 60_000);
afterAll(async () => {
  closeSockets();
  await t?.close();
});

async function versionOf(projectId: number): Promise<string | undefined> {
  const [row] = await t.app.ctx.database.db.select().from(routingRuleVersions).where(eq(routingRuleVersions.projectId, projectId));
  return row?.version;
}

/** Creates a request of this bonus type; answers its status and assignee as the API shows them. */
async function routed(projectId: number, bonusType: string): Promise<{ status: string; assignedUserId: number | null }> {
  const res = await call(t.app, 'POST', requestsUrl(projectId), operator, newRequest({ bonusType }));
  expect(res.statusCode).toBe(201);
  const request = res.json().data as { status: string; agentId: number | null };
  return { status: request.status, assignedUserId: request.agentId ?? null };
}

describe('the rules held per definition version', () => {
  it('a change made by the API or straight in the database reaches the next decision; routing itself moves no version', async () => {
    const project = await freshProjectOf(t);
    const agent = await onlineAgent(t.app, project, { maxLoad: 20 });
    const rule = await createRule(t.app, project, t.manager, {
      ruleName: 'Nakit iade ona',
      targetStrategy: 'user',
      targetUserId: agent.id,
      conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['cashback'] }],
    });
    expect(await routed(project, 'cashback')).toEqual({ status: 'assigned', assignedUserId: agent.id });
    const afterFirst = await versionOf(project);
    expect(afterFirst).toBeDefined();
    expect(heldVersion(project)).toBe(afterFirst);

    // Routing wrote the rule's counters and cursor: the definition, and its version, are the same.
    expect(await routed(project, 'cashback')).toEqual({ status: 'assigned', assignedUserId: agent.id });
    expect(await versionOf(project)).toBe(afterFirst);

    // Straight in the database, past the service: the condition now admits points only.
    await t.app.ctx.database.db
      .update(routingRuleConditions)
      .set({ params: { operator: 'in', values: ['points'] } })
      .where(eq(routingRuleConditions.ruleId, rule.id));
    expect(await versionOf(project)).not.toBe(afterFirst);
    expect(await routed(project, 'cashback')).toEqual({ status: 'queued', assignedUserId: null });
    expect(await routed(project, 'points')).toEqual({ status: 'assigned', assignedUserId: agent.id });

    // Through the API: the rule now takes 'other'.
    const put = await call(t.app, 'PUT', `${rulesUrl(project)}/${rule.id}`, t.manager, {
      ruleName: 'Diğer ona',
      targetStrategy: 'user',
      targetUserId: agent.id,
      priority: 50,
      isActive: true,
      conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['other'] }],
    });
    expect(put.statusCode).toBe(200);
    expect(await routed(project, 'points')).toEqual({ status: 'queued', assignedUserId: null });
    expect(await routed(project, 'other')).toEqual({ status: 'assigned', assignedUserId: agent.id });

    // Paused by a statement of its own: nothing is routed by it any more.
    await t.app.ctx.database.db.update(routingRules).set({ isActive: false }).where(eq(routingRules.id, rule.id));
    expect(await routed(project, 'other')).toMatchObject({ assignedUserId: null });
  });

  it('deleting every rule of a project by any path leaves nothing held to route with', async () => {
    const project = await freshProjectOf(t);
    const agent = await onlineAgent(t.app, project, { maxLoad: 20 });
    await createRule(t.app, project, t.manager, { targetStrategy: 'user', targetUserId: agent.id });
    expect(await routed(project, 'cashback')).toMatchObject({ assignedUserId: agent.id });
    const before = await versionOf(project);
    await t.app.ctx.database.db.execute(sql`delete from routing_rules where project_id = ${project}`);
    expect(await versionOf(project)).not.toBe(before);
    expect(await routed(project, 'cashback')).toEqual({ status: 'new', assignedUserId: null });
  });
});

describe('rules-cache', () => {
  const rule = (id: number, priority: number): EngineRule => ({
    id,
    ruleName: `Kural ${id}`,
    targetStrategy: 'round_robin',
    targetUserId: null,
    priority,
    position: 0,
    isActive: true,
    lastChosenUserId: 7,
    conditions: [],
  });

  it('answers only for the version the rules were read at, in evaluation order, without a cursor', () => {
    const projectId = 987_654;
    holdRules(projectId, 'a1f0c1de-0000-4000-8000-000000000001', [rule(1, 10), rule(2, 90)]);
    expect(heldRules(projectId, 'a1f0c1de-0000-4000-8000-000000000002')).toBeUndefined();
    expect(heldRules(projectId, null)).toBeUndefined();
    const held = heldRules(projectId, 'a1f0c1de-0000-4000-8000-000000000001')!;
    expect(held.map((r) => r.id)).toEqual([2, 1]);
    expect(held.every((r) => r.lastChosenUserId === null && Object.isFrozen(r))).toBe(true);
  });
});
