import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's webhook endpoints: where its events are POSTed, signed with the endpoint's secret
 * (AES-256-GCM here, as it must be read to sign). After a rotation the previous secret signs too
 * until `previous_secret_until`. An endpoint failing since `failing_since` for 24 h is switched off.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretUntil: tstz('previous_secret_until'),
    failingSince: tstz('failing_since'),
    disabledAt: tstz('disabled_at'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId)],
);

/**
 * The outbox: one row per event and endpoint, written by triggers in the transaction of the
 * change (migration 0031), so a rolled-back change announces nothing. `event_id` names the event
 * (the receiver's idempotency key); `payload` is fixed at the first attempt, so every retry sends
 * the same body.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    requestId: integer('request_id'),
    syncLogId: integer('sync_log_id'),
    occurredAt: tstz('occurred_at').notNull(),
    /** The exact body sent, fixed at the first attempt: every retry sends the same bytes. */
    payload: text('payload'),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    claimedUntil: tstz('claimed_until'),
    deliveredAt: tstz('delivered_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
  ],
);

/** Every attempt of a delivery: when, the answer's status and the first 1 kB of its body, how long. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: tstz('attempted_at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
