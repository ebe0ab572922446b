import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [
  { method: 'POST', url: '/api/auth/totp/setup', roles: ROLES },
  { method: 'POST', url: '/api/auth/totp/enable', roles: ROLES },
  { method: 'GET', url: '/api/auth/totp/backup-codes', roles: ROLES },
  { method: 'POST', url: '/api/auth/totp/regenerate-backup-codes', roles: ROLES },
  { method: 'POST', url: '/api/auth/totp/disable', roles: ROLES },
  { method: 'POST', url: '/api/auth/login/totp', roles: 'public' },
  { method: 'POST', url: '/api/users/:userId/totp/reset', roles: ['super_admin', 'admin'] },
];
