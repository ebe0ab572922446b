import * as bridgeSync from '@common/contract/bridge-sync';
import { accessRule, type AccessRule } from '../../test/access-rules';

const RUN = ['super_admin', 'admin', 'manager'] as const;
const READ = ['super_admin', 'admin', 'manager', 'operator'] as const;

export const accessRules: AccessRule[] = [
  accessRule(bridgeSync.startSync, RUN),
  accessRule(bridgeSync.startProjectSync, RUN),
  accessRule(bridgeSync.listSyncLogs, READ),
  accessRule(bridgeSync.getSyncStatus, READ),
  accessRule(bridgeSync.getSyncStats, READ),
];
