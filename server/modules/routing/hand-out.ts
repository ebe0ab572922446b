import type { AppContext } from '../../context';
import { PendingRequestChanges, publishRequestChanges } from '../bonus/request-changes';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { RoutingSession } from './routing-session';
import { hasActiveRules } from './rules-repo';

/**
 * Hands waiting requests to members who just became eligible (came online, dropped below
 * capacity), in a transaction of its own under the project's routing lock. A request claimed
 * by hand at the same moment keeps exactly one owner: both go through the same conditional move.
 */
export async function handOutTo(ctx: AppContext, projectId: number, userIds: number[], exclude?: ReadonlySet<number>): Promise<number[]> {
  // Most changes happen in projects without routing: one indexed lookup, no transaction.
  if (userIds.length === 0 || !(await hasActiveRules(ctx.database.db, projectId))) return [];
  const changes = new PendingRequestChanges(projectId);
  const result = await ctx.database.db.transaction(async (tx) => {
    await lockCountRows(tx, projectId);
    const session = await RoutingSession.open(tx, projectId, ctx.clock.now());
    if (!session) return undefined;
    const handed: number[] = [];
    for (const userId of userIds) handed.push(...(await session.handOutTo(userId, changes, { exclude })));
    if (handed.length === 0) return undefined;
    await session.finish();
    return { handed, presented: await changes.present(tx) };
  });
  if (!result) return [];
  publishRequestChanges(ctx, result.presented);
  return result.handed;
}

/**
 * Lock order of every routing transaction: the project's count rows (in status order, as the
 * insert and claim triggers take them), then the routing lock. A creating transaction holds its
 * count rows from its insert on; taking them first here means the two never wait on each other
 * the other way round.
 */
async function lockCountRows(tx: DbOrTx, projectId: number): Promise<void> {
  await tx.execute(sql`
    select 1 from bonus_request_status_counts
    where project_id = ${projectId} and status in ('assigned', 'new', 'queued')
    order by status for update`);
}

/** The same, fired and forgotten by the paths that notice eligibility change; failures are logged. */
export function handOutSoon(ctx: AppContext, projectId: number, userIds: number[]): void {
  handOutTo(ctx, projectId, userIds).catch((err) => ctx.log.warn({ err, projectId }, 'routing hand-out failed'));
}
