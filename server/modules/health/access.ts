import type { AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [
  { method: 'GET', url: '/api/health', roles: 'public' },
  { method: 'GET', url: '/api/ready', roles: 'public' },
];
