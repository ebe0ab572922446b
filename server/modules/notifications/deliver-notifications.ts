import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notifications } from '../../db/schema';
import { sendMessage } from './transports';

/** A delivery is tried at most this many times, then recorded as failed. */
export const MAX_ATTEMPTS = 5;
/** Wait after the n-th failed try: 30 s, 1 min, 2 min, 4 min. */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** (attempts - 1);
/** A worker holds the rows it took for this long; a crashed worker's rows come back after it. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
/** How often the background job looks for due deliveries. */
export const DELIVERY_TICK_MS = 5_000;

/**
 * Delivers the due outbox rows. Each row is taken by one instance at a time: the claim is one
 * UPDATE over rows locked with SKIP LOCKED, holding the row until `claimed_until`, so a second
 * worker (here or on another instance) passes over it. Returns how many rows it tried.
 */
export async function deliverDueNotifications(ctx: AppContext): Promise<number> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const claimed = await db.execute<{ id: number }>(sql`
    update ${notifications} set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    where id in (
      select id from ${notifications}
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by next_attempt_at, id
      limit ${BATCH}
      for update skip locked)
    returning id`);
  const ids = (claimed as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  for (const id of ids) {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) continue;
    const attempts = row.attempts + 1;
    try {
      await sendMessage(ctx, row);
      await db
        .update(notifications)
        .set({ status: 'sent', attempts, sentAt: ctx.clock.now(), lastError: null, claimedUntil: null })
        .where(and(eq(notifications.id, id), eq(notifications.status, 'pending')));
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const final = attempts >= MAX_ATTEMPTS;
      await db
        .update(notifications)
        .set({
          status: final ? 'failed' : 'pending',
          attempts,
          lastError: message,
          claimedUntil: null,
          nextAttemptAt: new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)),
        })
        .where(eq(notifications.id, id));
      ctx.log.warn({ notificationId: id, attempts, final }, `notification delivery failed: ${message}`);
    }
  }
  return ids.length;
}
