import * as apiTokens from '@common/contract/api-tokens';
import { accessRule, type AccessRule } from '../../test/access-rules';

const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  accessRule(apiTokens.listApiTokens, ADMINS),
  accessRule(apiTokens.createApiToken, ADMINS),
  accessRule(apiTokens.revokeApiToken, ADMINS),
];
