import type { AppContext } from '../context';
import { AGENT_THRESHOLDS } from '@common/constants';
import { keepStatistics, STATISTICS_CHECK_MS } from '../db/statistics';
import { expireStaleSessions, pruneEndedSessions } from '../modules/sessions';
import { failInterruptedSyncs } from '../modules/bridge-sync';
import { SCHEDULE_TICK_MS, startDueSyncs } from '../modules/bridge-sync';
import { heartbeatMs, syncRunnerOf } from '../modules/bridge-sync';
import { alertWaitingRequests, WAITING_ALERT_TICK_MS } from '../modules/notifications';
import { expireClaimLeases, LEASE_TICK_MS } from '../modules/routing';
import { WINDOW_TICK_MS, windowOpeningsJob } from '../modules/routing';
import { deliverDueNotifications, DELIVERY_TICK_MS } from '../modules/notifications';
import { presenceOf } from '../modules/agents';
import { webhookDispatcherOf } from '../modules/webhooks';

type Stop = () => Promise<void>;

/** Periodic work of the server; each job registers here and returns how to stop it. */
export async function startBackgroundJobs(ctx: AppContext): Promise<Stop> {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => Promise<unknown>, name: string) => {
    const timer = setInterval(() => {
      job().catch((err) => ctx.log.warn({ err, job: name }, 'background job failed'));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(6 * 3600_000, () => pruneEndedSessions(ctx), 'prune-sessions');
  every(30_000, async () => void (await expireStaleSessions(ctx)), 'expire-sessions');
  // Quiet agents turn 'away' within a tenth of the away threshold of crossing it.
  every(AGENT_THRESHOLDS.awayAfterMs / 10, () => presenceOf(ctx).sweep(), 'presence-sweep');

  // PGlite has no autovacuum (and a PostgreSQL may run with it off): a table changed by more than a
  // tenth since its last ANALYZE gets a new one, vacuumed too where nothing else vacuums; then the
  // search's trigram shares are sampled again if the requests have changed as much.
  every(STATISTICS_CHECK_MS, () => keepStatistics(ctx.database), 'statistics-upkeep');

  const serverStartedAt = ctx.clock.now();
  every(SCHEDULE_TICK_MS, () => startDueSyncs(ctx, { serverStartedAt }), 'sync-schedule');
  // Only PostgreSQL is shared by several instances: there a job whose server died is found by its
  // silent heartbeat. The embedded database closes its dead jobs at start (bridge-sync routes).
  if (ctx.database.kind === 'postgres') {
    every(heartbeatMs(ctx) * 2, () => failInterruptedSyncs(ctx, { everyRunning: false, exceptIds: syncRunnerOf(ctx).runningIds() }), 'sync-stale-jobs');
  }
  every(WAITING_ALERT_TICK_MS, () => alertWaitingRequests(ctx), 'waiting-alerts');
  every(DELIVERY_TICK_MS, () => deliverDueNotifications(ctx), 'deliver-notifications');
  // Claim lease (issue 11): one instance at a time (advisory lock), the others skip the tick. The
  // first sweep runs at once, so leases that ran out while the server was down are settled
  // before anyone works, not a minute into their session.
  every(LEASE_TICK_MS, () => expireClaimLeases(ctx), 'claim-lease');
  expireClaimLeases(ctx).catch((err) => ctx.log.warn({ err, job: 'claim-lease' }, 'background job failed'));
  // A rule's time window opening by the clock routes the waiting requests (nothing else would).
  every(WINDOW_TICK_MS, windowOpeningsJob(ctx), 'routing-window-openings');
  // Webhooks: at once on the outbox's announcement, and every second for retries that fall due.
  await webhookDispatcherOf(ctx).start();
  return async () => {
    timers.forEach(clearInterval);
    await webhookDispatcherOf(ctx).stop();
  };
}
