import type { AccessRule } from '../../test/access-rules';

const RUN = ['super_admin', 'admin', 'manager'] as const;
const READ = ['super_admin', 'admin', 'manager', 'operator'] as const;

export const accessRules: AccessRule[] = [
  { method: 'POST', url: '/api/bridge/projects/:projectId/sync', roles: RUN },
  { method: 'POST', url: '/api/projects/:projectId/bridge-sync/start', roles: RUN },
  { method: 'GET', url: '/api/bridge/projects/:projectId/sync/logs', roles: READ },
  { method: 'GET', url: '/api/bridge/projects/:projectId/sync/status', roles: READ },
  { method: 'GET', url: '/api/projects/:projectId/bridge-sync/stats', roles: READ },
];
