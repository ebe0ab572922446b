import type { AppContext } from '../context';
import { AGENT_THRESHOLDS } from '@common/constants';
import { presenceFor } from '../modules/agents/presence';
import { expireStaleSessions, pruneEndedSessions } from '../modules/auth/sessions';

type Stop = () => Promise<void>;

/** Periodic work of the server; each job registers here and returns how to stop it. */
export async function startBackgroundJobs(ctx: AppContext): Promise<Stop> {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => Promise<void>, name: string) => {
    const timer = setInterval(() => {
      job().catch((err) => ctx.log.warn({ err, job: name }, 'background job failed'));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(6 * 3600_000, () => pruneEndedSessions(ctx), 'prune-sessions');
  every(30_000, async () => void (await expireStaleSessions(ctx)), 'expire-sessions');
  // Quiet agents turn 'away' within a tenth of the away threshold of crossing it.
  every(AGENT_THRESHOLDS.awayAfterMs / 10, () => presenceFor(ctx).sweep(), 'presence-sweep');
  return async () => {
    timers.forEach(clearInterval);
  };
}
