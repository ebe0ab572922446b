import { z } from 'zod';

/**
 * Webhooks: a project's events POSTed to its own system, signed. The timeline event each one
 * comes from is mapped in the database (migration `webhook-outbox-triggers`); `sync.finished`
 * comes from the sync log.
 */
export const WEBHOOK_EVENTS = ['request.created', 'request.assigned', 'request.completed', 'request.requeued', 'request.approved', 'request.rejected', 'sync.finished'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'request.created': 'Talep oluşturuldu',
  'request.assigned': 'Talep atandı',
  'request.completed': 'Talep tamamlandı',
  'request.requeued': 'Talep tekrar sıraya alındı',
  'request.approved': 'Talep onaylandı',
  'request.rejected': 'Talep reddedildi',
  'sync.finished': 'Senkronizasyon bitti',
};

/** The signature's headers: `X-Bonus-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body">` (two while a rotated secret is still valid). */
export const WEBHOOK_HEADERS = {
  timestamp: 'X-Bonus-Timestamp',
  signature: 'X-Bonus-Signature',
  eventId: 'X-Bonus-Event-Id',
  event: 'X-Bonus-Event',
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL zorunludur',
  urlInvalid: 'Geçerli bir URL girin',
  httpsOnly: "URL https:// ile başlamalıdır",
  privateAddress: 'URL yerel ya da özel bir ağ adresine çıkıyor; yalnızca internetteki adreslere gönderilir',
  unresolvable: 'URL’nin sunucu adı çözülemedi',
  eventsRequired: 'En az bir olay seçilmelidir',
  notFound: 'Webhook bulunamadı',
  deliveryNotFound: 'Gönderim bulunamadı',
  created: 'Webhook oluşturuldu',
  updated: 'Webhook güncellendi',
  deleted: 'Webhook silindi',
  rotated: 'Gizli anahtar yenilendi; eski anahtar 24 saat daha geçerli',
  redelivered: 'Gönderim yeniden sıraya alındı',
  testQueued: 'Test olayı gönderim sırasına alındı',
  secretShownOnce: 'Bu gizli anahtar yalnızca şimdi gösterilir. İmzaları doğrulamak için alıcı sistemde saklayın.',
  tooMany: 'Bu proje için en fazla 20 webhook tanımlanabilir',
  disabled: 'Webhook 24 saattir başarısız olduğu için kapatıldı',
} as const;

export const WEBHOOK_LIMIT_PER_PROJECT = 20;

export const webhookBody = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(2000, WEBHOOK_MESSAGES.urlInvalid)
    .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((list) => [...new Set(list)]),
  isActive: z.boolean({ error: 'isActive true veya false olmalıdır' }).default(true),
});
export type WebhookBody = z.input<typeof webhookBody>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  isActive: z.boolean(),
  /** Failing since then (every delivery to it failing); null: its last delivery went through, or none yet. */
  failingSince: z.string().nullable(),
  /** Switched off by the server after failing for 24 h; null otherwise. */
  disabledAt: z.string().nullable(),
  /** Until then the previous secret signs too (after a rotation). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The creation and rotation answers: the secret, this once. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<(typeof WEBHOOK_DELIVERY_STATUSES)[number], string> = {
  pending: 'Bekliyor',
  delivered: 'Teslim edildi',
  failed: 'Başarısız',
};

export const webhookAttemptSchema = z.object({
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  occurredAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
