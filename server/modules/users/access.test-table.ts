import * as users from '@common/contract/users';
import { accessRule, type AccessRule } from '../../test/access-rules';

const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  accessRule(users.listUsers, ADMINS),
  accessRule(users.listProjectUsers, ADMINS),
  accessRule(users.getUser, ADMINS),
  accessRule(users.createUser, ADMINS),
  accessRule(users.updateUser, ADMINS),
  accessRule(users.toggleUser, ADMINS),
  accessRule(users.changeUserRole, ADMINS),
  accessRule(users.resetUserPassword, ADMINS),
  accessRule(users.deleteUser, ADMINS),
];
