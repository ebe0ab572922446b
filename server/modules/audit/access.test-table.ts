import * as audit from '@common/contract/audit';
import { accessRule, type AccessRule } from '../../test/access-rules';

const MANAGERS = ['super_admin', 'admin', 'manager'] as const;

export const accessRules: AccessRule[] = [
  accessRule(audit.listAuditLogs, MANAGERS),
  accessRule(audit.getAuditStats, MANAGERS),
  accessRule(audit.getAuditLog, MANAGERS),
  accessRule(audit.listSystemAuditLogs, ['super_admin']),
  accessRule(audit.getSystemAuditLog, ['super_admin']),
];
