import type { Role } from '../enums';
import { ACTIONS, SCREENS, type AbilitySet, type Action, type Screen, type SessionAbilities } from '../schemas/abilities';

/**
 * Test data only: the screens and actions each role is shown, written out by hand. The
 * server's abilities test holds the server to this table (so the menu and buttons each role
 * sees stay what they were), and the web tests sign in with it, as the server would answer.
 */
export const ROLE_SCREENS: Record<Role, readonly Screen[]> = {
  agent: ['dashboard', 'bonus', 'totp'],
  operator: ['dashboard', 'bonus', 'bridgeSync', 'totp'],
  manager: ['dashboard', 'advancedDashboard', 'bonus', 'bridgeSync', 'routingRules', 'agents', 'reports', 'auditLogs', 'totp'],
  admin: ['dashboard', 'advancedDashboard', 'bonus', 'bridgeSync', 'routingRules', 'users', 'roleManagement', 'agents', 'reports', 'auditLogs', 'totp', 'settings'],
  super_admin: SCREENS,
};

export const ROLE_ACTIONS: Record<Role, readonly Action[]> = {
  agent: [],
  operator: ['createRequest'],
  manager: ['createRequest', 'assignOthers', 'approveRequests', 'forceAgents', 'manageRouting', 'runSync'],
  admin: ['createRequest', 'assignOthers', 'approveRequests', 'manageUsers', 'forceAgents', 'manageRouting', 'runSync', 'editSettings', 'manageIntegrations'],
  super_admin: ACTIONS,
};

export function abilitySetOf(role: Role): AbilitySet {
  return {
    screens: Object.fromEntries(SCREENS.map((s) => [s, ROLE_SCREENS[role].includes(s)])) as AbilitySet['screens'],
    actions: Object.fromEntries(ACTIONS.map((a) => [a, ROLE_ACTIONS[role].includes(a)])) as AbilitySet['actions'],
  };
}

/** The abilities the server gives a role working in `projectIds`. */
export function abilitiesOf(role: Role, projectIds: readonly number[]): SessionAbilities {
  const set = abilitySetOf(role);
  return { global: set, projects: Object.fromEntries(projectIds.map((id) => [String(id), set])) };
}
