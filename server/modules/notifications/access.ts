import type { AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [{ method: 'GET', url: '/api/projects/:projectId/notifications', roles: ['super_admin', 'admin'] }];
