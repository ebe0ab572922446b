import { ROLES } from '@common/enums';
import * as auth from '@common/contract/auth';
import { accessRule, type AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [
  accessRule(auth.login, 'public'),
  accessRule(auth.refreshTokens, 'public'),
  accessRule(auth.logout, ROLES),
  accessRule(auth.getSessionUser, ROLES),
  accessRule(auth.changePassword, ROLES),
];
