import type { Role } from '@common/enums';
import { can, type Permission } from '@common/permissions';
import { ACTIONS, SCREENS, type AbilitySet, type Action, type Screen, type SessionAbilities } from '@common/schemas/abilities';

/** The permission each screen needs: what its data endpoints ask for. */
const SCREEN_PERMISSION: Record<Screen, Permission> = {
  dashboard: 'dashboard:read',
  advancedDashboard: 'report:read',
  bonus: 'request:read',
  bridgeSync: 'sync:read',
  routingRules: 'routing:read',
  users: 'user:read',
  roleManagement: 'user:manage',
  projects: 'project:manage',
  agents: 'agent:read',
  reports: 'report:read',
  auditLogs: 'audit:read',
  totp: 'totp:self',
  settings: 'settings:read',
};

/** The permission behind each action the web shows a button or form for. */
const ACTION_PERMISSION: Record<Action, Permission> = {
  createRequest: 'request:create',
  assignOthers: 'request:assign-others',
  approveRequests: 'request:approve',
  manageUsers: 'user:manage',
  forceAgents: 'agent:force',
  manageRouting: 'routing:manage',
  runSync: 'sync:run',
  editSettings: 'settings:manage',
  manageIntegrations: 'integration:manage',
  editSystemSettings: 'system-settings:manage',
};

function grants<K extends string>(keys: readonly K[], permissionOf: Record<K, Permission>, role: Role): Record<K, boolean> {
  return Object.fromEntries(keys.map((key) => [key, can(role, permissionOf[key])])) as Record<K, boolean>;
}

function roleAbilities(role: Role): AbilitySet {
  return { screens: grants(SCREENS, SCREEN_PERMISSION, role), actions: grants(ACTIONS, ACTION_PERMISSION, role) };
}

/**
 * The caller's abilities for the login and /api/auth/me answers, from the one permission
 * matrix: the role's grants globally, and the same grants in each project the caller may
 * work in (`workProjectIds`, see project-policy's mayWorkInProject); no other project is listed.
 */
export function screenAbilities(role: Role, workProjectIds: readonly number[]): SessionAbilities {
  const global = roleAbilities(role);
  return { global, projects: Object.fromEntries(workProjectIds.map((id) => [String(id), global])) };
}
