import type { AccessRule } from '../../test/access-rules';

const MANAGERS = ['super_admin', 'admin', 'manager'] as const;

export const accessRules: AccessRule[] = [
  { method: 'GET', url: '/api/projects/:projectId/audit-logs', roles: MANAGERS },
  { method: 'GET', url: '/api/projects/:projectId/audit-logs/stats', roles: MANAGERS },
  { method: 'GET', url: '/api/projects/:projectId/audit-logs/:id', roles: MANAGERS },
  { method: 'GET', url: '/api/audit-logs', roles: ['super_admin'] },
  { method: 'GET', url: '/api/audit-logs/:id', roles: ['super_admin'] },
];
