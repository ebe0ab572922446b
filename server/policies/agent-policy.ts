import { can } from '@common/permissions';
import type { AgentAbilities } from '@common/schemas/agents';
import type { Caller } from './actor';
import { reachesRole } from './user-policy';

/**
 * What the caller may do to a worker of a project — written once here. The agent services
 * refuse the same cases (a higher role: 403, oneself: 403), and every agent the list answers
 * carries these abilities, so the agents screen shows 'Pasifleştir' and the force actions only
 * where the server would accept them.
 */
export function agentAbilities(actor: Caller, agent: { id: number; role: Caller['role'] }): AgentAbilities {
  const other = actor.id !== agent.id && reachesRole(actor, agent);
  return { toggle: other && can(actor.role, 'agent:manage'), force: other && can(actor.role, 'agent:force') };
}
