import {
  createRoutingRule,
  deleteRoutingRule,
  getRoutingRule,
  getRoutingRuleStats,
  listAgentSkills as listAgentSkillsEndpoint,
  listRoutingRules,
  listRoutingTargets,
  reorderRoutingRules,
  simulateRouting as simulateEndpoint,
  testRoutingRule,
  toggleRoutingRule,
  updateAgentSkills as updateAgentSkillsEndpoint,
  updateRoutingRule,
} from '@common/contract/routing-rules';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { actorContext } from '../../policies/actor';
import { createRule, deleteRule, getRule, listRules, reorderRules, toggleRule, updateRule } from './rules-service';
import { listAgentSkills, routingStats, routingTargets, updateAgentSkills } from './stats-and-skills';
import { simulateRouting, testRule } from './test-rules';

/**
 * Routing rules (§7.12) and agent skills. :projectId membership is checked by the authentication
 * hook (404 for a foreign project); a rule id of another project answers 404 too.
 */
export default async function routingRoutes(app: App) {
  const ctx = app.ctx;
  const db = ctx.database.db;

  route(app, listRoutingRules, async (request) => listRules(db, request.params.projectId, request.query));
  route(app, getRoutingRuleStats, async (request) => routingStats(ctx, request.params.projectId));
  route(app, listRoutingTargets, async (request) => routingTargets(db, request.params.projectId));
  route(app, getRoutingRule, async (request) => getRule(db, request.params.projectId, request.params.id));
  route(app, createRoutingRule, async (request) => createRule(actorContext(request as never), { projectId: request.params.projectId, ...request.body }));
  route(app, updateRoutingRule, async (request) => updateRule(actorContext(request as never), { projectId: request.params.projectId, id: request.params.id, ...request.body }));
  route(app, deleteRoutingRule, async (request) => deleteRule(actorContext(request as never), { projectId: request.params.projectId, id: request.params.id }));
  route(app, toggleRoutingRule, async (request) =>
    toggleRule(actorContext(request as never), { projectId: request.params.projectId, id: request.params.id, isActive: request.body.isActive }),
  );
  route(app, reorderRoutingRules, async (request) => reorderRules(actorContext(request as never), { projectId: request.params.projectId, ruleIds: request.body.ruleIds }));
  route(app, testRoutingRule, async (request) => testRule(ctx, request.params.projectId, request.params.id, request.body));
  route(app, simulateEndpoint, async (request) => simulateRouting(ctx, request.params.projectId, request.body));
  route(app, listAgentSkillsEndpoint, async (request) => listAgentSkills(db, request.params.projectId));
  route(app, updateAgentSkillsEndpoint, async (request) =>
    updateAgentSkills(actorContext(request as never), { projectId: request.params.projectId, userId: request.params.userId, ...request.body }),
  );
}
