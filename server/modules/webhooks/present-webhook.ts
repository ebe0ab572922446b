import type { Webhook, WebhookDelivery, WebhookEvent } from '@common/schemas/webhooks';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface WebhookRow {
  id: number;
  url: string;
  events: string[];
  isActive: boolean;
  failingSince: Date | null;
  disabledAt: Date | null;
  previousSecretUntil: Date | null;
  createdAt: Date;
}

/** An endpoint as the API shows it: never its secrets. */
export function presentWebhook(row: WebhookRow, now: Date): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    isActive: row.isActive,
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface DeliveryRow {
  id: number;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  occurredAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
}
export interface AttemptRow {
  deliveryId: number;
  attemptedAt: Date;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export function presentDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    occurredAt: row.occurredAt.toISOString(),
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(row.deliveredAt),
    attemptLog: attempts.map((a) => ({ attemptedAt: a.attemptedAt.toISOString(), statusCode: a.statusCode, durationMs: a.durationMs, responseExcerpt: a.responseExcerpt, error: a.error })),
  };
}
