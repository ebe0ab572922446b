import { sql } from 'drizzle-orm';
import { formatDuration } from '@common/duration';
import type { AppContext } from '../../context';
import { enqueueNotification } from './enqueue-notification';

/** A request whose threshold passed longer ago than this is old backlog (an import), not news. */
const FRESH_WINDOW_MINUTES = 60;
/** At most this many alerts per project and run, so a burst does not flood anyone's inbox. */
const MAX_PER_PROJECT = 20;
/** How often the background job looks. */
export const WAITING_ALERT_TICK_MS = 60_000;

const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

/**
 * Tells each project's managers and admins about requests still waiting (new or queued) longer
 * than the project's waitingAlertMinutes. Each request is told once (the outbox's dedupe key);
 * the detection and its outbox rows commit together. Returns how many requests were reported.
 */
export async function alertWaitingRequests(
  ctx: AppContext,
  // The demo seed looks further back and at fewer requests: its waiting requests are hours old at once.
  options: { freshWindowMinutes?: number; maxPerProject?: number } = {},
): Promise<number> {
  const freshWindow = options.freshWindowMinutes ?? FRESH_WINDOW_MINUTES;
  const maxPerProject = options.maxPerProject ?? MAX_PER_PROJECT;
  const now = ctx.clock.now().toISOString();
  return ctx.database.db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number; project_id: number; customer: string | null; amount: string; waited: number }>(sql`
      select r.id, r.project_id, coalesce(r.customer_name, r.customer_username, r.customer_id) as customer, r.amount,
        floor(extract(epoch from (${now}::timestamptz - r.created_at)) / 60)::int as waited
      from project_settings s
      join projects p on p.id = s.project_id and p.is_active
      cross join lateral (
        select * from bonus_requests r
        where r.project_id = s.project_id and r.status in ('new', 'queued')
          and r.created_at <= ${now}::timestamptz - make_interval(mins => s.waiting_alert_minutes)
          and r.created_at > ${now}::timestamptz - make_interval(mins => s.waiting_alert_minutes + ${freshWindow})
          and not exists (select 1 from notifications n where n.dedupe_key like 'request_waiting:' || r.id || ':%')
        order by r.created_at limit ${maxPerProject}) r
      where s.email_notifications or s.sms_notifications`);
    let reported = 0;
    for (const r of (due as unknown as { rows: { id: number; project_id: number; customer: string | null; amount: string; waited: number }[] }).rows) {
      const written = await enqueueNotification(ctx, tx, {
        projectId: Number(r.project_id),
        event: 'request_waiting',
        dedupeKey: `request_waiting:${r.id}`,
        lines: [`Talep #${r.id} (${r.customer ?? 'müşteri bilinmiyor'}, ${money.format(Number(r.amount))}) ${formatDuration(r.waited)} süredir bekliyor.`],
      });
      if (written > 0) reported++;
    }
    return reported;
  });
}
