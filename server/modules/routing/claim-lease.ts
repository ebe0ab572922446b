import { sql } from 'drizzle-orm';
import { LEASE_EXPIRED_REASON } from '@common/request-transitions';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { moveRequests, PendingRequestChanges, publishRequestChanges, SYSTEM_ACTOR, type PresentedChanges } from '../bonus';
import { handOutTo } from './hand-out';

export const LEASE_TICK_MS = 60_000;
/** Only one instance runs the sweep at a time: a transaction-scoped advisory lock it tries, never waits for. */
const LEASE_LOCK_CLASS = 11_002;
const BATCH = 200;

/**
 * Claim lease (project setting claimLeaseMinutes, 0 = off): a request assigned longer ago than
 * the lease and still not completed goes back to 'queued' with reason lease_expired — through
 * the state machine, with a timeline event, an audit row and the socket events. The former
 * assignee's load drops, so their capacity reservations and the rules' hand-out follow.
 * In-progress requests (started in the project's own system) are being worked on: untouched.
 */
export async function expireClaimLeases(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${LEASE_LOCK_CLASS}::int, 0) as ok`);
    if (!(locked as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return undefined;
    const due = await tx.execute(sql`
      select b.id, b.project_id, b.assigned_user_id, s.claim_lease_minutes
      from bonus_requests b join project_settings s on s.project_id = b.project_id
      where b.status = 'assigned' and s.claim_lease_minutes > 0 and b.assigned_at is not null
        and b.assigned_at <= ${now.toISOString()}::timestamptz - make_interval(mins => s.claim_lease_minutes)
      order by b.assigned_at, b.id
      limit ${BATCH}
      for update of b skip locked`);
    const rows = (due as unknown as { rows: { id: number; project_id: number; assigned_user_id: number; claim_lease_minutes: number }[] }).rows;
    const byProject = new Map<number, PendingRequestChanges>();
    const released = new Map<number, Set<number>>();
    const expired = new Set<number>();
    for (const row of rows) {
      const projectId = Number(row.project_id);
      const requestId = Number(row.id);
      const changes = byProject.get(projectId) ?? new PendingRequestChanges(projectId);
      byProject.set(projectId, changes);
      const { moved } = await moveRequests(tx, 'requeue', {
        projectId,
        now,
        actor: SYSTEM_ACTOR,
        rows: [{ id: requestId, reason: LEASE_EXPIRED_REASON, details: { reason: LEASE_EXPIRED_REASON, leaseMinutes: Number(row.claim_lease_minutes) } }],
        details: (m) => ({ previousAssignee: m.previousAssigneeId }),
        event: { type: 'requeued', reason: () => LEASE_EXPIRED_REASON },
        audit: { action: 'LEASE_EXPIRED' },
        socket: SOCKET_EVENTS.requestUpdated,
        changes,
      });
      const [done] = moved;
      if (!done) continue;
      expired.add(requestId);
      if (done.previousAssigneeId !== null) {
        const set = released.get(projectId) ?? new Set<number>();
        set.add(done.previousAssigneeId);
        released.set(projectId, set);
      }
    }
    const presented: PresentedChanges[] = [];
    for (const changes of byProject.values()) presented.push(await changes.present(tx));
    return { count: expired.size, presented, released, expired };
  });
  if (!outcome) return 0;
  outcome.presented.forEach((p) => publishRequestChanges(ctx, p));
  // Their load dropped: whatever else the rules route to them is theirs (a separate transaction);
  // the request whose lease just ran out is not handed straight back to the same person.
  for (const [projectId, users] of outcome.released) await handOutTo(ctx, projectId, [...users], outcome.expired);
  return outcome.count;
}
