import * as contract from '@common/contract/webhooks';
import { route } from '../../lib/route';
import { actorContext } from '../../policies/actor';
import type { App } from '../../types';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, rotateWebhookSecret, testWebhook, updateWebhook } from './manage-webhooks';

/** A project's webhooks: admins of the project (membership checked by the authentication hook). */
export default async function webhookRoutes(app: App) {
  const ctx = app.ctx;
  route(app, contract.listWebhooks, async (request) => listWebhooks(ctx, request.params.projectId));
  route(app, contract.createWebhook, async (request) => createWebhook(actorContext(request), { ...request.body, projectId: request.params.projectId }));
  route(app, contract.updateWebhook, async (request) => updateWebhook(actorContext(request), { ...request.body, ...request.params }));
  route(app, contract.deleteWebhook, async (request) => {
    await deleteWebhook(actorContext(request), request.params);
    return { id: request.params.webhookId, deleted: true as const };
  });
  route(app, contract.rotateWebhookSecret, async (request) => rotateWebhookSecret(actorContext(request), request.params));
  route(app, contract.testWebhook, async (request) => testWebhook(ctx, request.params));
  route(app, contract.listWebhookDeliveries, async (request) => listWebhookDeliveries(ctx, request.params));
  route(app, contract.redeliverWebhook, async (request) => redeliverWebhook(ctx, request.params));
}
