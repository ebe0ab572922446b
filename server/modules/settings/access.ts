import type { AccessRule } from '../../test/access-rules';

const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  { method: 'GET', url: '/api/system/settings', roles: ['super_admin'] },
  { method: 'PUT', url: '/api/system/settings', roles: ['super_admin'] },
  { method: 'GET', url: '/api/system/branding', roles: 'public' },
  { method: 'GET', url: '/api/projects/:projectId/settings', roles: ADMINS },
  { method: 'PUT', url: '/api/projects/:projectId/settings', roles: ADMINS },
];
