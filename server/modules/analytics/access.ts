import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

const MANAGER_AND_ABOVE = ['super_admin', 'admin', 'manager'] as const;
const DASHBOARD = '/api/projects/:projectId/dashboard';
const REPORTS = '/api/projects/:projectId/reports';

export const accessRules: AccessRule[] = [
  { method: 'GET', url: `${DASHBOARD}/stats`, roles: MANAGER_AND_ABOVE },
  { method: 'GET', url: `${DASHBOARD}/performance`, roles: MANAGER_AND_ABOVE },
  { method: 'GET', url: `${DASHBOARD}/health`, roles: MANAGER_AND_ABOVE },
  // The small 'Son etkinlikler' list of the everyday dashboard.
  { method: 'GET', url: `${DASHBOARD}/activity`, roles: ROLES },
  { method: 'GET', url: `${REPORTS}/:type`, roles: MANAGER_AND_ABOVE },
  { method: 'GET', url: `${REPORTS}/:type/export`, roles: MANAGER_AND_ABOVE },
  { method: 'GET', url: '/api/bonus/projects/:projectId/requests/export', roles: ROLES },
];
