import { z } from 'zod';
import { idParam, projectParams } from '../schemas/api';
import { webhookBody, webhookDeliverySchema, webhookSchema, webhookWithSecretSchema } from '../schemas/webhooks';
import { defineEndpoint } from './define-endpoint';

/** A project's webhook endpoints, their secrets (shown once) and their delivery log: admins of the project. */
const tags = ['webhooks'] as const;
const webhookParams = projectParams.extend({ webhookId: idParam });

export const listWebhooks = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/webhooks',
  access: 'integration:manage',
  summary: 'Projenin webhookları (gizli anahtar hiçbir zaman)',
  tags,
  params: projectParams,
  response: z.array(webhookSchema),
});

export const createWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/webhooks',
  access: 'integration:manage',
  summary: 'Webhook oluştur (gizli anahtar yalnızca bu cevapta)',
  tags,
  params: projectParams,
  body: webhookBody,
  response: webhookWithSecretSchema,
  errors: ['CONFLICT'],
  status: 201,
});

export const updateWebhook = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/webhooks/:webhookId',
  access: 'integration:manage',
  summary: 'Webhooku düzenle (URL, olaylar, etkin)',
  tags,
  params: webhookParams,
  body: webhookBody,
  response: webhookSchema,
});

export const deleteWebhook = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/webhooks/:webhookId',
  access: 'integration:manage',
  summary: 'Webhooku sil (bekleyen gönderimleriyle)',
  tags,
  params: webhookParams,
  response: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/webhooks/:webhookId/rotate-secret',
  access: 'integration:manage',
  summary: 'Gizli anahtarı yenile (eskisi 24 saat daha imzalar)',
  tags,
  params: webhookParams,
  response: webhookWithSecretSchema,
});

export const testWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/webhooks/:webhookId/test',
  access: 'integration:manage',
  summary: "Test olayı gönder ('webhook.test')",
  tags,
  params: webhookParams,
  response: webhookDeliverySchema,
  status: 202,
});

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/webhooks/:webhookId/deliveries',
  access: 'integration:manage',
  summary: 'Webhookun son gönderimleri ve denemeleri',
  tags,
  params: webhookParams,
  response: z.array(webhookDeliverySchema),
});

export const redeliverWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
  access: 'integration:manage',
  summary: 'Gönderimi tekrar gönder (aynı olay kimliğiyle)',
  tags,
  params: webhookParams.extend({ deliveryId: idParam }),
  response: webhookDeliverySchema,
  status: 202,
});
