import * as webhooks from '@common/contract/webhooks';
import { accessRule, type AccessRule } from '../../test/access-rules';

const ADMINS = ['super_admin', 'admin'] as const;

export const accessRules: AccessRule[] = [
  accessRule(webhooks.listWebhooks, ADMINS),
  accessRule(webhooks.createWebhook, ADMINS),
  accessRule(webhooks.updateWebhook, ADMINS),
  accessRule(webhooks.deleteWebhook, ADMINS),
  accessRule(webhooks.rotateWebhookSecret, ADMINS),
  accessRule(webhooks.testWebhook, ADMINS),
  accessRule(webhooks.listWebhookDeliveries, ADMINS),
  accessRule(webhooks.redeliverWebhook, ADMINS),
];
