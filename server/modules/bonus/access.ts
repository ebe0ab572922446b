import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

const BASE = '/api/bonus/projects/:projectId/requests';
const OPERATOR_AND_ABOVE = ['super_admin', 'admin', 'manager', 'operator'] as const;

export const accessRules: AccessRule[] = [
  { method: 'GET', url: BASE, roles: ROLES },
  { method: 'GET', url: `${BASE}/stats`, roles: ROLES },
  { method: 'POST', url: BASE, roles: OPERATOR_AND_ABOVE },
  { method: 'GET', url: `${BASE}/:requestId`, roles: ROLES },
  { method: 'POST', url: `${BASE}/:requestId/assign`, roles: ROLES },
  { method: 'POST', url: `${BASE}/:requestId/complete`, roles: ROLES },
  // An agent may put back only their own request (checked by the service, not the role).
  { method: 'POST', url: `${BASE}/:requestId/requeue`, roles: ROLES },
  { method: 'GET', url: `${BASE}/mine`, roles: ROLES },
  { method: 'POST', url: `${BASE}/:requestId/undo`, roles: ROLES },
];
