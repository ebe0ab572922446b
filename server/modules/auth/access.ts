import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [
  { method: 'POST', url: '/api/auth/login', roles: 'public' },
  { method: 'POST', url: '/api/auth/refresh', roles: 'public' },
  { method: 'POST', url: '/api/auth/logout', roles: ROLES },
  { method: 'GET', url: '/api/auth/me', roles: ROLES },
  { method: 'POST', url: '/api/auth/change-password', roles: ROLES },
];
