import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { windowHolds, zonedMoment, type TimeWindow } from './conditions';
import { handOutWaiting } from './hand-out';
import { DEFAULT_TIME_ZONE } from '@common/constants';

/** How often the clock is checked for time windows that opened (the same tick as the claim lease). */
export const WINDOW_TICK_MS = 60_000;

interface WindowRow {
  project_id: number;
  timezone: string;
  params: TimeWindow;
}

/**
 * A rule with a time window may start to match by the clock alone (the night shift's rule at
 * 22:00): nothing else changes, so no other trigger routes the waiting requests to it. Every
 * tick, each project with an active rule whose window was closed at `since` and is open at `now`
 * gets its waiting requests routed again, as after a rule change. Every instance may do it: the
 * hand-out runs under the project's routing lock, so a request is assigned once.
 * Answers the projects it routed.
 */
export async function handOutWhereWindowsOpened(ctx: AppContext, since: Date, now: Date): Promise<number[]> {
  const result = await ctx.database.db.execute(sql`
    select distinct r.project_id, coalesce(s.timezone, ${DEFAULT_TIME_ZONE}) as timezone, c.params
    from routing_rule_conditions c
    join routing_rules r on r.id = c.rule_id
    left join project_settings s on s.project_id = r.project_id
    where r.is_active and c.condition_type = 'time_window'`);
  const rows = (result as unknown as { rows: WindowRow[] }).rows;
  const opened = new Set<number>();
  for (const row of rows) {
    const projectId = Number(row.project_id);
    if (opened.has(projectId)) continue;
    if (!windowHolds(row.params, zonedMoment(since, row.timezone)) && windowHolds(row.params, zonedMoment(now, row.timezone))) opened.add(projectId);
  }
  for (const projectId of opened) await handOutWaiting(ctx, projectId);
  return [...opened];
}

/** The job: remembers the last moment it looked, so a window that opened between two ticks is seen once. */
export function windowOpeningsJob(ctx: AppContext): () => Promise<number[]> {
  let since = ctx.clock.now();
  return async () => {
    const now = ctx.clock.now();
    try {
      return await handOutWhereWindowsOpened(ctx, since, now);
    } finally {
      since = now;
    }
  };
}
