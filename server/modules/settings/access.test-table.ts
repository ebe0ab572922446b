import * as settings from '@common/contract/settings';
import { accessRule, type AccessRule } from '../../test/access-rules';

const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  accessRule(settings.getSystemSettings, ['super_admin']),
  accessRule(settings.updateSystemSettings, ['super_admin']),
  accessRule(settings.getBranding, 'public'),
  accessRule(settings.getProjectSettings, ADMINS),
  accessRule(settings.updateProjectSettings, ADMINS),
];
