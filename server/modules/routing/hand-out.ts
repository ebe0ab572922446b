import type { AppContext } from '../../context';
import { PendingRequestChanges, publishRequestChanges } from '../bonus';
import { eq, sql } from 'drizzle-orm';
import { projectMembers } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { RoutingSession } from './routing-session';
import { hasActiveRules } from './rules-repo';

/**
 * Hands waiting requests to members who just became eligible (came online, dropped below
 * capacity, were switched back on), in a transaction of its own under the project's routing lock.
 * A request claimed by hand at the same moment keeps exactly one owner: both go through the same
 * conditional move.
 */
export function handOutTo(ctx: AppContext, projectId: number, userIds: number[], exclude?: ReadonlySet<number>): Promise<number[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return inRoutingTransaction(ctx, projectId, async (session, changes) => {
    const handed: number[] = [];
    for (const userId of userIds) handed.push(...(await session.handOutTo(userId, changes, { exclude })));
    return handed;
  });
}

/**
 * Routes the project's waiting requests to whoever the rules now choose: after a rule is created,
 * changed, switched on or reordered, or the project's default capacity changes — anyone may have
 * become a target.
 */
export function handOutWaiting(ctx: AppContext, projectId: number): Promise<number[]> {
  return inRoutingTransaction(ctx, projectId, (session, changes) => session.routeWaiting(changes));
}

async function inRoutingTransaction(
  ctx: AppContext,
  projectId: number,
  work: (session: RoutingSession, changes: PendingRequestChanges) => Promise<number[]>,
): Promise<number[]> {
  // Most changes happen in projects without routing: one indexed lookup, no transaction.
  if (!(await hasActiveRules(ctx.database.db, projectId))) return [];
  const changes = new PendingRequestChanges(projectId);
  const result = await ctx.database.db.transaction(async (tx) => {
    await lockCountRows(tx, projectId);
    const session = await RoutingSession.open(tx, projectId, ctx.clock.now());
    if (!session) return undefined;
    const handed = await work(session, changes);
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

/** A member's own capacity changed (it is account-wide): a hand-out in each project they belong to. */
export async function handOutInEveryProject(ctx: AppContext, userId: number): Promise<void> {
  const memberships = await ctx.database.db.select({ projectId: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, userId));
  await Promise.all(memberships.map(({ projectId }) => handOutTo(ctx, projectId, [userId])));
}
