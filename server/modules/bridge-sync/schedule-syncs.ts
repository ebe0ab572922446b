import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { syncStartBody } from '@common/schemas/bridge-sync';
import { claimSyncSlot, syncRunnerOf } from './sync-runner';
import type { SyncLogRow } from './present-sync-log';

/** Key of the transaction-level advisory lock that lets one instance at a time decide what is due. */
const SCHEDULE_LOCK_KEY = 5_270_011;
/** How often each instance looks for due projects. */
export const SCHEDULE_TICK_MS = 30_000;

/**
 * Starts a 'bonus' sync for every active project with autoSync on whose last bonus sync started
 * syncInterval minutes ago or more. A project is not due before it is one interval old, nor in the
 * first interval after this server started (a restart does not set off every project at once).
 *
 * Settings are read afresh on every tick (every 30 s), so a change of autoSync or syncInterval
 * applies within a minute without a restart.
 *
 * Across instances: the decision is taken under an advisory lock (the others skip this tick), and
 * the claim itself is the 'running' row that the database allows once per project.
 */
export async function startDueSyncs(ctx: AppContext, options: { serverStartedAt: Date }): Promise<SyncLogRow[]> {
  const body = syncStartBody.parse({ syncType: 'bonus' });
  // The app's clock, not the database's: tests move it, and every instance decides by the same rule.
  const now = ctx.clock.now().toISOString();
  const claimed = await ctx.database.db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${SCHEDULE_LOCK_KEY}) as locked`);
    if (!(lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return [];
    const due = await tx.execute(sql`
      select p.id from projects p join project_settings s on s.project_id = p.id
      where p.is_active and s.auto_sync
        and greatest(p.created_at, ${options.serverStartedAt.toISOString()}::timestamptz,
          (select max(l.started_at) from sync_logs l where l.project_id = p.id and l.sync_type = 'bonus'))
          <= ${now}::timestamptz - make_interval(mins => s.sync_interval)
        and not exists (select 1 from sync_logs r where r.project_id = p.id and r.status in ('running', 'pending'))
      order by p.id`);
    const rows: SyncLogRow[] = [];
    for (const { id } of (due as unknown as { rows: { id: number }[] }).rows) {
      const row = await claimSyncSlot(tx, { projectId: Number(id), body, trigger: 'schedule', actor: null });
      if (row) rows.push(row);
    }
    return rows;
  });
  const runner = syncRunnerOf(ctx);
  claimed.forEach((row) => runner.launch(row));
  return claimed;
}
