import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { WEBHOOK_LIMIT_PER_PROJECT, WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery, webhookBody } from '@common/schemas/webhooks';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import { assertProjectQuota } from '../../lib/project-quota';
import { encryptSecret } from '../../lib/secrets';
import type { ActorContext } from '../../policies/actor';
import { diffFields, writeProjectAudit } from '../audit';
import { checkWebhookTarget } from './address-guard';
import { presentDelivery, presentWebhook } from './present-webhook';
import { newWebhookSecret } from './signature';
import { webhookDispatcherOf } from './webhook-dispatcher';

type WebhookInput = z.output<typeof webhookBody>;
type Ref = { projectId: number; webhookId: number };

/** A rotated secret keeps signing this long, so receivers can switch without missing an event. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3_600_000;
/** The delivery log shows this many of an endpoint's latest deliveries. */
const DELIVERY_LOG_SIZE = 50;

const columns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  isActive: webhookEndpoints.isActive,
  failingSince: webhookEndpoints.failingSince,
  disabledAt: webhookEndpoints.disabledAt,
  previousSecretUntil: webhookEndpoints.previousSecretUntil,
  createdAt: webhookEndpoints.createdAt,
};

async function readWebhook(db: DbOrTx, ref: Ref) {
  const [row] = await db
    .select(columns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, ref.projectId), eq(webhookEndpoints.id, ref.webhookId)));
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

async function assertTarget(ctx: AppContext, url: string) {
  const problem = await checkWebhookTarget(url, ctx.config.WEBHOOK_ALLOW_PRIVATE);
  if (problem) throw validationError({ url: problem }, problem);
}

export async function listWebhooks(ctx: AppContext, projectId: number): Promise<Webhook[]> {
  const rows = await ctx.database.db.select(columns).from(webhookEndpoints).where(eq(webhookEndpoints.projectId, projectId)).orderBy(webhookEndpoints.id);
  return rows.map((row) => presentWebhook(row, ctx.clock.now()));
}

/** Creates an endpoint; the answer carries its secret this once. */
export async function createWebhook({ ctx, actor, ipAddress }: ActorContext, input: WebhookInput & { projectId: number }): Promise<Webhook & { secret: string }> {
  await assertTarget(ctx, input.url);
  const secret = newWebhookSecret();
  const id = await ctx.database.db.transaction(async (tx) => {
    await assertProjectQuota(tx, {
      projectId: input.projectId,
      table: webhookEndpoints,
      where: eq(webhookEndpoints.projectId, input.projectId),
      limit: WEBHOOK_LIMIT_PER_PROJECT,
      message: WEBHOOK_MESSAGES.tooMany,
    });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        projectId: input.projectId,
        url: input.url,
        events: input.events,
        isActive: input.isActive,
        secretEnc: encryptSecret(secret, ctx.keys.encryption),
        createdByUserId: actor.id,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning({ id: webhookEndpoints.id });
    await writeProjectAudit(tx, { actor, ipAddress }, input.projectId, 'CREATE_WEBHOOK', { webhookId: row!.id, url: input.url, events: input.events, isActive: input.isActive });
    return row!.id;
  });
  return { ...presentWebhook(await readWebhook(ctx.database.db, { projectId: input.projectId, webhookId: id }), ctx.clock.now()), secret };
}

/** Changes the URL, the events or the switch; switching it on again clears its failing state. */
export async function updateWebhook({ ctx, actor, ipAddress }: ActorContext, input: WebhookInput & Ref): Promise<Webhook> {
  await assertTarget(ctx, input.url);
  await ctx.database.db.transaction(async (tx) => {
    const before = await readWebhook(tx, input);
    const reopened = input.isActive && !before.isActive;
    await tx
      .update(webhookEndpoints)
      .set({ url: input.url, events: input.events, isActive: input.isActive, updatedAt: ctx.clock.now(), ...(reopened ? { failingSince: null, disabledAt: null } : {}) })
      .where(eq(webhookEndpoints.id, input.webhookId));
    const changes = diffFields({ url: before.url, events: before.events.join(','), isActive: before.isActive }, { url: input.url, events: input.events.join(','), isActive: input.isActive });
    if (Object.keys(changes).length === 0) return;
    await writeProjectAudit(tx, { actor, ipAddress }, input.projectId, 'UPDATE_WEBHOOK', { webhookId: input.webhookId, changes });
  });
  if (input.isActive) webhookDispatcherOf(ctx).wake();
  return presentWebhook(await readWebhook(ctx.database.db, input), ctx.clock.now());
}

/** Removes the endpoint with its deliveries and their log. */
export async function deleteWebhook({ ctx, actor, ipAddress }: ActorContext, input: Ref): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const before = await readWebhook(tx, input);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, input.webhookId));
    await writeProjectAudit(tx, { actor, ipAddress }, input.projectId, 'DELETE_WEBHOOK', { webhookId: input.webhookId, url: before.url });
  });
}

/** A new secret, shown once; the previous one signs too for 24 h. */
export async function rotateWebhookSecret({ ctx, actor, ipAddress }: ActorContext, input: Ref): Promise<Webhook & { secret: string }> {
  const secret = newWebhookSecret();
  await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ url: webhookEndpoints.url, secretEnc: webhookEndpoints.secretEnc })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.projectId, input.projectId), eq(webhookEndpoints.id, input.webhookId)))
      .for('update');
    if (!current) throw notFound(WEBHOOK_MESSAGES.notFound);
    await tx
      .update(webhookEndpoints)
      .set({
        secretEnc: encryptSecret(secret, ctx.keys.encryption),
        previousSecretEnc: current.secretEnc,
        previousSecretUntil: new Date(ctx.clock.now().getTime() + PREVIOUS_SECRET_VALID_MS),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(webhookEndpoints.id, input.webhookId));
    await writeProjectAudit(tx, { actor, ipAddress }, input.projectId, 'ROTATE_WEBHOOK_SECRET', { webhookId: input.webhookId, url: current.url });
  });
  return { ...presentWebhook(await readWebhook(ctx.database.db, input), ctx.clock.now()), secret };
}

async function readDeliveries(db: DbOrTx, where: ReturnType<typeof eq>): Promise<WebhookDelivery[]> {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      occurredAt: webhookDeliveries.occurredAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
    })
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  const attempts = rows.length
    ? await db
        .select({
          deliveryId: webhookAttempts.deliveryId,
          attemptedAt: webhookAttempts.attemptedAt,
          statusCode: webhookAttempts.statusCode,
          durationMs: webhookAttempts.durationMs,
          responseExcerpt: webhookAttempts.responseExcerpt,
          error: webhookAttempts.error,
        })
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id)))
        .orderBy(webhookAttempts.id)
    : [];
  return rows.map((row) => presentDelivery(row, attempts.filter((a) => a.deliveryId === row.id)));
}

/** The endpoint's latest deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(ctx: AppContext, ref: Ref): Promise<WebhookDelivery[]> {
  await readWebhook(ctx.database.db, ref);
  return readDeliveries(ctx.database.db, eq(webhookDeliveries.endpointId, ref.webhookId));
}

async function oneDelivery(ctx: AppContext, id: number): Promise<WebhookDelivery> {
  const [delivery] = await readDeliveries(ctx.database.db, eq(webhookDeliveries.id, id));
  return delivery!;
}

/** 'Tekrar Gönder': the same event (same id and body) is sent again now, whatever became of it. */
export async function redeliverWebhook(ctx: AppContext, input: Ref & { deliveryId: number }): Promise<WebhookDelivery> {
  await readWebhook(ctx.database.db, input);
  const [row] = await ctx.database.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: ctx.clock.now(), claimedUntil: null, attempts: 0 })
    .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.endpointId, input.webhookId)))
    .returning({ id: webhookDeliveries.id });
  if (!row) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  webhookDispatcherOf(ctx).wake();
  return oneDelivery(ctx, row.id);
}

/** 'Test gönder': a 'webhook.test' event to this endpoint alone, through the same outbox. */
export async function testWebhook(ctx: AppContext, ref: Ref): Promise<WebhookDelivery> {
  await readWebhook(ctx.database.db, ref);
  const now = ctx.clock.now();
  const [row] = await ctx.database.db
    .insert(webhookDeliveries)
    .values({ endpointId: ref.webhookId, projectId: ref.projectId, eventId: `evt_t${now.getTime()}${Math.floor(Math.random() * 1e6)}`, eventType: 'webhook.test', occurredAt: now, nextAttemptAt: now })
    .returning({ id: webhookDeliveries.id });
  webhookDispatcherOf(ctx).wake();
  return oneDelivery(ctx, row!.id);
}
