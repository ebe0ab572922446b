import { ROLES } from '@common/enums';
import * as totp from '@common/contract/totp';
import { accessRule, type AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [
  accessRule(totp.setupTotp, ROLES),
  accessRule(totp.enableTotp, ROLES),
  accessRule(totp.getTotpStatus, ROLES),
  accessRule(totp.regenerateBackupCodes, ROLES),
  accessRule(totp.disableTotp, ROLES),
  accessRule(totp.loginWithTotp, 'public'),
  accessRule(totp.resetUserTotp, ['super_admin', 'admin']),
];
