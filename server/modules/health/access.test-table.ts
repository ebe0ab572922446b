import * as health from '@common/contract/health';
import { accessRule, type AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [accessRule(health.getHealth, 'public'), accessRule(health.getReady, 'public')];
