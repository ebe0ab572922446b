import { ROLES } from '@common/enums';
import type { AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [{ method: 'GET', url: '/api/projects', roles: ROLES }];
