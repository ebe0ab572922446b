import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

const MANAGERS = ['super_admin', 'admin', 'manager'] as const;
const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  { method: 'GET', url: '/api/projects/:projectId/agents', roles: MANAGERS },
  { method: 'POST', url: '/api/projects/:projectId/agents', roles: ADMINS },
  { method: 'GET', url: '/api/projects/:projectId/agents/:id', roles: MANAGERS },
  { method: 'PUT', url: '/api/projects/:projectId/agents/:id', roles: ADMINS },
  { method: 'DELETE', url: '/api/projects/:projectId/agents/:id', roles: ADMINS },
  { method: 'PATCH', url: '/api/projects/:projectId/agents/:id/toggle', roles: ADMINS },
  { method: 'GET', url: '/api/projects/:projectId/agents/:id/performance', roles: MANAGERS },
  { method: 'GET', url: '/api/projects/:projectId/agents/:id/logs', roles: MANAGERS },
  { method: 'GET', url: '/api/agents/me/status', roles: ROLES },
  { method: 'PUT', url: '/api/agents/me/status', roles: ROLES },
  { method: 'POST', url: '/api/auth/admin/projects/:projectId/agents/:agentId/force-offline', roles: MANAGERS },
  { method: 'POST', url: '/api/auth/admin/projects/:projectId/agents/:agentId/force-logout', roles: MANAGERS },
];
