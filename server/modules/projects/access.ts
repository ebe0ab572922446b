import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

/** Projects are addressed by :id, a project id checked for membership in the handler. */
export const accessRules: AccessRule[] = [
  { method: 'GET', url: '/api/projects', roles: ROLES },
  { method: 'GET', url: '/api/projects/:id', roles: ROLES, projectParam: 'id' },
  { method: 'POST', url: '/api/projects', roles: ['super_admin'] },
  { method: 'PUT', url: '/api/projects/:id', roles: ['super_admin'], projectParam: 'id' },
  { method: 'PATCH', url: '/api/projects/:id/toggle', roles: ['super_admin'], projectParam: 'id' },
  { method: 'DELETE', url: '/api/projects/:id', roles: ['super_admin'], projectParam: 'id' },
];
