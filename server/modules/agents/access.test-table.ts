import { ROLES } from '@common/enums';
import * as agents from '@common/contract/agents';
import { accessRule, type AccessRule } from '../../test/access-rules';

const MANAGERS = ['super_admin', 'admin', 'manager'] as const;
const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  accessRule(agents.listAgents, MANAGERS),
  accessRule(agents.addAgent, ADMINS),
  accessRule(agents.getAgent, MANAGERS),
  accessRule(agents.updateAgent, ADMINS),
  accessRule(agents.removeAgent, ADMINS),
  accessRule(agents.toggleAgent, ADMINS),
  accessRule(agents.getAgentPerformance, MANAGERS),
  accessRule(agents.listAgentLogs, MANAGERS),
  accessRule(agents.getOwnStatus, ROLES),
  accessRule(agents.setOwnStatus, ROLES),
  accessRule(agents.forceAgentOffline, MANAGERS),
  accessRule(agents.forceAgentLogout, MANAGERS),
];
