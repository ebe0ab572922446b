import * as settings from '@common/contract/settings';
import { accessRule, type AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [accessRule(settings.listNotifications, ['super_admin', 'admin'])];
