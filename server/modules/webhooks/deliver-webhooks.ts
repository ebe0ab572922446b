import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { WEBHOOK_HEADERS } from '@common/schemas/webhooks';
import type { AppContext } from '../../context';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { decryptSecret } from '../../lib/secrets';
import { enqueueNotification } from '../notifications';
import { buildPayloads, type DueDelivery } from './build-payload';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type SendOutcome } from './send-webhook';
import { signatureHeader } from './signature';

/** Waits after the 1st … 5th failed attempt: about 1 min, 5 min, 30 min, 2 h, 12 h (each ±20 %). */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** The first attempt and five retries. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint whose deliveries have all failed for this long is switched off. */
export const WEBHOOK_FAILING_LIMIT_MS = 24 * 3_600_000;
/** A worker holds what it took for this long (longer than any attempt); a crashed worker's rows come back after it. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS * 6;
export const WEBHOOK_BATCH = 50;

/** The wait before the next attempt, after `attempts` failed ones; jitter spreads a failing receiver's retries. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = WEBHOOK_RETRY_DELAYS_MS[Math.min(attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(base * (0.8 + 0.4 * random()));
}

const succeeded = (o: SendOutcome) => o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;

/**
 * Delivers the due outbox rows of active endpoints. Each row is taken by one worker at a time —
 * here or on another instance — with one UPDATE over rows locked with SKIP LOCKED, holding it
 * until `claimed_until`; the HTTP calls run outside any transaction. Returns how many it tried.
 */
export async function deliverDueWebhooks(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const claimed = await db.execute(sql`
    update ${webhookDeliveries} set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    where id in (
      select d.id from ${webhookDeliveries} d join ${webhookEndpoints} w on w.id = d.endpoint_id and w.is_active
      where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
        and (d.claimed_until is null or d.claimed_until < ${now.toISOString()}::timestamptz)
      order by d.next_attempt_at, d.id
      limit ${WEBHOOK_BATCH}
      for update of d skip locked)
    returning id`);
  const ids = (claimed as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;

  const rows = await db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      projectId: webhookDeliveries.projectId,
      requestId: webhookDeliveries.requestId,
      syncLogId: webhookDeliveries.syncLogId,
      occurredAt: webhookDeliveries.occurredAt,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      url: webhookEndpoints.url,
      secretEnc: webhookEndpoints.secretEnc,
      previousSecretEnc: webhookEndpoints.previousSecretEnc,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
  const bodies = await buildPayloads(ctx, rows satisfies DueDelivery[]);
  const firstTime = rows.filter((r) => r.payload === null);
  for (const r of firstTime) {
    await db.update(webhookDeliveries).set({ payload: bodies.get(r.id)! }).where(and(eq(webhookDeliveries.id, r.id), isNull(webhookDeliveries.payload)));
  }

  await Promise.all(
    rows.map(async (row) => {
      const body = bodies.get(row.id)!;
      const at = ctx.clock.now();
      const timestamp = Math.floor(at.getTime() / 1000);
      const secrets = [decryptSecret(row.secretEnc, ctx.keys.encryption)];
      if (row.previousSecretEnc && row.previousSecretUntil && row.previousSecretUntil.getTime() > at.getTime()) {
        secrets.push(decryptSecret(row.previousSecretEnc, ctx.keys.encryption));
      }
      const outcome = await sendWebhook(
        row.url,
        body,
        {
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, timestamp, body),
          [WEBHOOK_HEADERS.eventId]: row.eventId,
          [WEBHOOK_HEADERS.event]: row.eventType,
        },
        { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE },
      );
      await recordOutcome(ctx, row, at, outcome);
    }),
  );
  return rows.length;
}

async function recordOutcome(ctx: AppContext, row: { id: number; endpointId: number; projectId: number; attempts: number; url: string }, at: Date, outcome: SendOutcome) {
  const attempts = row.attempts + 1;
  const ok = succeeded(outcome);
  const done = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: row.id,
      attemptedAt: at,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt,
      error: outcome.error?.slice(0, 500) ?? (ok ? null : `HTTP ${outcome.statusCode}`),
    });
    if (ok) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'delivered', attempts, deliveredAt: done, lastStatusCode: outcome.statusCode, lastError: null, claimedUntil: null })
        .where(eq(webhookDeliveries.id, row.id));
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, row.endpointId));
      return;
    }
    const final = attempts >= WEBHOOK_MAX_ATTEMPTS;
    await tx
      .update(webhookDeliveries)
      .set({
        status: final ? 'failed' : 'pending',
        attempts,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error?.slice(0, 500) ?? `HTTP ${outcome.statusCode}`,
        claimedUntil: null,
        nextAttemptAt: new Date(done.getTime() + (final ? 0 : retryDelayMs(attempts))),
      })
      .where(eq(webhookDeliveries.id, row.id));
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, row.endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, isActive: webhookEndpoints.isActive });
    if (!endpoint?.isActive || !endpoint.failingSince || done.getTime() - endpoint.failingSince.getTime() < WEBHOOK_FAILING_LIMIT_MS) return;
    // Failing for 24 h: switched off, and the project's admins told (in this transaction: told exactly when it happened).
    const [off] = await tx
      .update(webhookEndpoints)
      .set({ isActive: false, disabledAt: done, updatedAt: done })
      .where(and(eq(webhookEndpoints.id, row.endpointId), eq(webhookEndpoints.isActive, true)))
      .returning({ id: webhookEndpoints.id });
    if (!off) return;
    await enqueueNotification(ctx, tx, {
      projectId: row.projectId,
      event: 'webhook_disabled',
      lines: [`Adres: ${row.url}`, `24 saattir her gönderim başarısız oldu; son hata: ${outcome.error ?? `HTTP ${outcome.statusCode}`}.`, 'Sistem Ayarları → Webhooklar bölümünden yeniden etkinleştirebilirsiniz.'],
      dedupeKey: `webhook_disabled:${row.endpointId}:${done.getTime()}`,
      audience: { roles: ['admin', 'super_admin'] },
    });
    ctx.log.warn({ webhookId: row.endpointId }, 'webhook switched off after failing for 24 h');
  });
}
