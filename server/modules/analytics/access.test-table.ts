import { ROLES } from '@common/enums';
import * as dashboard from '@common/contract/dashboard';
import * as reports from '@common/contract/reports';
import { accessRule, type AccessRule } from '../../test/access-rules';

const MANAGER_AND_ABOVE = ['super_admin', 'admin', 'manager'] as const;

export const accessRules: AccessRule[] = [
  accessRule(dashboard.getDashboardStats, MANAGER_AND_ABOVE),
  accessRule(dashboard.getDashboardPerformance, MANAGER_AND_ABOVE),
  accessRule(dashboard.getDashboardHealth, MANAGER_AND_ABOVE),
  // The small 'Son etkinlikler' list of the everyday dashboard.
  accessRule(dashboard.getDashboardActivity, ROLES),
  accessRule(reports.getReport, MANAGER_AND_ABOVE),
  accessRule(reports.exportReport, MANAGER_AND_ABOVE),
  accessRule(reports.exportRequests, ROLES),
];
