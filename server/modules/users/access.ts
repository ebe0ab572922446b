import type { AccessRule } from '../../test/access-rules';

const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  { method: 'GET', url: '/api/users', roles: ADMINS },
  { method: 'GET', url: '/api/projects/:projectId/users', roles: ADMINS },
  { method: 'GET', url: '/api/users/:id', roles: ADMINS },
  { method: 'POST', url: '/api/users', roles: ADMINS },
  { method: 'PUT', url: '/api/users/:id', roles: ADMINS },
  { method: 'PATCH', url: '/api/users/:id/toggle', roles: ADMINS },
  { method: 'PATCH', url: '/api/users/:id/role', roles: ADMINS },
  { method: 'POST', url: '/api/users/:id/reset-password', roles: ADMINS },
  { method: 'DELETE', url: '/api/users/:id', roles: ADMINS },
];
