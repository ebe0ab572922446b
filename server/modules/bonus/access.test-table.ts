import { ROLES } from '@common/enums';
import * as bonusRequests from '@common/contract/bonus-requests';
import * as requestDesk from '@common/contract/request-desk';
import { accessRule, type AccessRule } from '../../test/access-rules';

const OPERATOR_AND_ABOVE = ['super_admin', 'admin', 'manager', 'operator'] as const;

export const accessRules: AccessRule[] = [
  accessRule(bonusRequests.listRequests, ROLES),
  accessRule(bonusRequests.getRequestStats, ROLES),
  accessRule(bonusRequests.createRequest, OPERATOR_AND_ABOVE),
  accessRule(bonusRequests.getRequestDetail, ROLES),
  accessRule(bonusRequests.claimRequest, ROLES),
  accessRule(bonusRequests.completeRequest, ROLES),
  // An agent may put back only their own request (checked by the service, not the role).
  accessRule(bonusRequests.requeueRequest, ROLES),
  accessRule(requestDesk.getMyQueue, ROLES),
  accessRule(requestDesk.getCustomerSummary, ROLES),
  accessRule(requestDesk.undoRequestMove, ROLES),
  // Four eyes: a manager and above; never one's own (checked by the service and the database).
  accessRule(requestDesk.approveRequest, ['super_admin', 'admin', 'manager']),
  accessRule(requestDesk.rejectRequest, ['super_admin', 'admin', 'manager']),
];
