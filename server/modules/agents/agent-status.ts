import { AGENT_THRESHOLDS } from '@common/constants';
import type { AgentStatus } from '@common/enums';

export interface StatusInputs {
  /** Open sockets of the user in this project, across instances. */
  sockets: number;
  manualStatus: AgentStatus | null;
  currentLoad: number;
  maxLoad: number;
  lastActivityAt: Date | null;
  now: Date;
}

/**
 * §4 agent status. Without a socket the agent is offline whatever they set (a manual
 * status cannot make an absent agent look present); otherwise their manual status wins
 * (a force offline is a manual 'offline'); else busy at capacity, away after a quiet
 * spell, online.
 */
export function deriveAgentStatus(i: StatusInputs): AgentStatus {
  if (i.sockets <= 0) return 'offline';
  if (i.manualStatus) return i.manualStatus;
  if (i.currentLoad >= i.maxLoad) return 'busy';
  if (!i.lastActivityAt || i.now.getTime() - i.lastActivityAt.getTime() >= AGENT_THRESHOLDS.awayAfterMs) return 'away';
  return 'online';
}
