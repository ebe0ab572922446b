import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { JobProgress } from './job-progress';
import type { SyncLogRow } from './present-sync-log';

/**
 * The 'statistics' sync type: recomputes the project's stored figures (project_statistics) from
 * its requests in one statement. computed_at always moves; the row counts as written only when
 * a figure changed.
 */
export async function recomputeStatistics(ctx: AppContext, job: { log: SyncLogRow; progress: JobProgress }): Promise<void> {
  const projectId = job.log.projectId;
  const result = await ctx.database.db.execute(sql`
    with figures as (
      select count(*)::int as total,
        count(*) filter (where status in ('new', 'queued'))::int as waiting,
        count(*) filter (where status in ('assigned', 'in_progress'))::int as active,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status in ('cancelled', 'error'))::int as problem,
        coalesce(sum(amount), 0) as total_amount,
        coalesce(sum(amount) filter (where status = 'completed'), 0) as completed_amount
      from bonus_requests where project_id = ${projectId}
    ),
    before as (select * from project_statistics where project_id = ${projectId})
    insert into project_statistics as s (project_id, total, waiting, active, completed, problem, total_amount, completed_amount, computed_at)
    select ${projectId}, f.total, f.waiting, f.active, f.completed, f.problem, f.total_amount, f.completed_amount, now() from figures f
    on conflict (project_id) do update set total = excluded.total, waiting = excluded.waiting, active = excluded.active,
      completed = excluded.completed, problem = excluded.problem, total_amount = excluded.total_amount,
      completed_amount = excluded.completed_amount, computed_at = excluded.computed_at
    returning s.total,
      (select (b.total, b.waiting, b.active, b.completed, b.problem, b.total_amount, b.completed_amount) is distinct from
        (s.total, s.waiting, s.active, s.completed, s.problem, s.total_amount, s.completed_amount) from before b) as changed`);
  const [row] = (result as unknown as { rows: { total: number; changed: boolean | null }[] }).rows;
  job.progress.setTotal(Number(row?.total ?? 0));
  // No earlier row (changed is null) means the figures were written for the first time.
  job.progress.add({ read: Number(row?.total ?? 0), written: row && row.changed !== false ? 1 : 0 });
}
