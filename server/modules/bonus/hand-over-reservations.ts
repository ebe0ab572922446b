import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '@common/enums';
import { REQUEST_TRANSITIONS } from '@common/request-transitions';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { effectiveMaxLoad } from '../settings';
import { auditRequestChange, recordRequestEvents, SYSTEM_ACTOR, type PendingRequestChanges } from './request-changes';
import { applyTransition } from './request-state-machine';
import type { Actor } from '../../policies/actor';

/**
 * Locks the user's row for the rest of the transaction, so that capacity checks of one
 * user run one after another, and returns their capacity and current load in the project.
 */
export async function lockUserLoad(tx: DbOrTx, projectId: number, userId: number) {
  const [user] = await tx
    .select({ maxLoad: effectiveMaxLoad(projectId), isActive: users.isActive, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!user) return undefined;
  const [load] = await tx
    .select({ n: count() })
    .from(bonusRequests)
    .where(
      and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.assignedUserId, userId), inArray(bonusRequests.status, [...ACTIVE_STATUSES])),
    );
  return { ...user, load: load?.n ?? 0 };
}

/**
 * When a user's load drops (a request of theirs completed or re-queued), the requests
 * reserved for them while they were at capacity are handed over, oldest reservation first,
 * in the same transaction, until they are at capacity again.
 */
export async function handOverReservations(
  tx: DbOrTx,
  opts: { projectId: number; userId: number; now: Date; cause: { actor: Actor; requestId: number; action: string }; changes: PendingRequestChanges },
): Promise<number[]> {
  const capacity = await lockUserLoad(tx, opts.projectId, opts.userId);
  if (!capacity?.isActive) return [];
  const free = capacity.maxLoad - capacity.load;
  if (free <= 0) return [];
  // SKIP LOCKED: a reserved request someone is touching right now waits for the next drop.
  const candidates = await tx
    .select({ id: bonusRequests.id })
    .from(bonusRequests)
    .where(
      and(
        eq(bonusRequests.projectId, opts.projectId),
        eq(bonusRequests.reservedForUserId, opts.userId),
        inArray(bonusRequests.status, [...REQUEST_TRANSITIONS.assign.from]),
      ),
    )
    .orderBy(asc(bonusRequests.reservedAt), asc(bonusRequests.id))
    .limit(free)
    .for('update', { skipLocked: true });
  const handed: number[] = [];
  for (const { id } of candidates) {
    const moved = await applyTransition(tx, 'assign', {
      projectId: opts.projectId,
      requestId: id,
      now: opts.now,
      set: { assignedUserId: opts.userId, assignedByUserId: opts.userId, assignedAt: opts.now, reservedForUserId: null, reservedAt: null },
      guard: or(isNull(bonusRequests.reservedForUserId), eq(bonusRequests.reservedForUserId, opts.userId)),
    });
    if (!moved) continue;
    const details = { agentId: opts.userId, fromReservation: true, causedBy: { requestId: opts.cause.requestId, action: opts.cause.action } };
    await recordRequestEvents(tx, [
      { requestId: id, projectId: opts.projectId, type: 'handed_over', actor: SYSTEM_ACTOR, fromStatus: moved.fromStatus, toStatus: moved.toStatus, details, at: opts.now },
    ]);
    await auditRequestChange(tx, { actor: opts.cause.actor, action: 'ASSIGN_BONUS_REQUEST', projectId: opts.projectId, requestId: id, details });
    opts.changes.add(SOCKET_EVENTS.requestAssigned, id);
    handed.push(id);
  }
  return handed;
}
