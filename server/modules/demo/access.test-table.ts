import * as demo from '@common/contract/demo';
import { accessRule, type AccessRule } from '../../test/access-rules';

export const accessRules: AccessRule[] = [accessRule(demo.getDemoActivity, ['super_admin']), accessRule(demo.setDemoActivity, ['super_admin'])];
