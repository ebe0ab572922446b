import * as routingRules from '@common/contract/routing-rules';
import { accessRule, type AccessRule } from '../../test/access-rules';

/** Manager and above read and manage routing rules; agents and operators cannot see them (issue 11). */
const MANAGERS = ['super_admin', 'admin', 'manager'] as const;

export const accessRules: AccessRule[] = [
  accessRule(routingRules.listRoutingRules, MANAGERS),
  accessRule(routingRules.createRoutingRule, MANAGERS),
  accessRule(routingRules.getRoutingRuleStats, MANAGERS),
  accessRule(routingRules.listRoutingTargets, MANAGERS),
  accessRule(routingRules.reorderRoutingRules, MANAGERS),
  accessRule(routingRules.simulateRouting, MANAGERS),
  accessRule(routingRules.getRoutingRule, MANAGERS),
  accessRule(routingRules.updateRoutingRule, MANAGERS),
  accessRule(routingRules.deleteRoutingRule, MANAGERS),
  accessRule(routingRules.toggleRoutingRule, MANAGERS),
  accessRule(routingRules.testRoutingRule, MANAGERS),
  accessRule(routingRules.listAgentSkills, MANAGERS),
  accessRule(routingRules.updateAgentSkills, MANAGERS),
];
