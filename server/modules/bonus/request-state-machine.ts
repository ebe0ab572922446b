import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RequestStatus } from '@common/enums';
import {
  alreadyClaimedMessage,
  canTransition,
  REQUEST_MOVES,
  REQUEST_TRANSITIONS,
  reservedForOtherMessage,
  transitionRefusedMessage,
  type RequestAction,
  type RequestMove,
} from '@common/request-transitions';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';

export { canTransition, REQUEST_TRANSITIONS, type RequestAction };

/**
 * The one place where a request changes status. Every path (button, drag and drop, API,
 * sync) moves a request with `applyTransition`: a single conditional UPDATE that only
 * matches when the current status allows the action, so concurrent moves race to exactly
 * one winner and a refused move changes nothing.
 */

export type RequestSet = Partial<Omit<typeof bonusRequests.$inferInsert, 'id' | 'projectId' | 'status' | 'version' | 'searchText'>>;

export interface TransitionResult {
  id: number;
  fromStatus: RequestStatus;
  toStatus: RequestStatus;
  /** The assignee before the move (whose load may have dropped). */
  previousAssigneeId: number | null;
  previousReservedForId: number | null;
  previousReservedAt: Date | null;
}

export async function applyTransition(
  tx: DbOrTx,
  action: RequestMove,
  opts: { projectId: number; requestId: number; now: Date; set?: RequestSet; guard?: SQL },
): Promise<TransitionResult | undefined> {
  const { from, to } = REQUEST_MOVES[action];
  // The row as this statement first saw it, for the event's from-status and the old assignee.
  const before = tx
    .select({ id: bonusRequests.id, status: bonusRequests.status, assignedUserId: bonusRequests.assignedUserId, reservedForUserId: bonusRequests.reservedForUserId, reservedAt: bonusRequests.reservedAt })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.id, opts.requestId), eq(bonusRequests.projectId, opts.projectId)))
    .as('before');
  const [row] = await tx
    .update(bonusRequests)
    .set({ ...opts.set, status: to, version: sql`${bonusRequests.version} + 1`, updatedAt: opts.now })
    .from(before)
    .where(
      and(
        eq(bonusRequests.id, before.id),
        eq(bonusRequests.projectId, opts.projectId),
        inArray(bonusRequests.status, [...from]),
        opts.guard,
      ),
    )
    .returning({
      id: bonusRequests.id,
      fromStatus: before.status,
      previousAssigneeId: before.assignedUserId,
      previousReservedForId: before.reservedForUserId,
      previousReservedAt: before.reservedAt,
    });
  return row ? { ...row, toStatus: to } : undefined;
}

/** The 409 for a status that does not allow the action (the move changes nothing). */
export function assertTransition(action: RequestMove, status: RequestStatus): void {
  if (!canTransition(action, status)) throw conflict(transitionRefusedMessage(action, status), 'ILLEGAL_TRANSITION');
}

const holder = alias(users, 'holder');
const reservedFor = alias(users, 'reserved_for');

/**
 * Why a conditional move matched nothing, as the error the caller gets: 404 when the request
 * is not in the project, 409 naming who holds it or its current status, 403 when only its
 * assignee or a manager may complete it.
 */
export async function refusal(
  tx: DbOrTx,
  action: RequestAction,
  opts: { projectId: number; requestId: number; actorId: number | null; targetUserId?: number },
): Promise<AppError> {
  const [row] = await tx
    .select({
      status: bonusRequests.status,
      assignedUserId: bonusRequests.assignedUserId,
      holderName: holder.fullName,
      reservedForUserId: bonusRequests.reservedForUserId,
      reservedForName: reservedFor.fullName,
    })
    .from(bonusRequests)
    .leftJoin(holder, eq(holder.id, bonusRequests.assignedUserId))
    .leftJoin(reservedFor, eq(reservedFor.id, bonusRequests.reservedForUserId))
    .where(and(eq(bonusRequests.id, opts.requestId), eq(bonusRequests.projectId, opts.projectId)))
    .limit(1);
  if (!row) return notFound(BONUS_MESSAGES.requestNotFound);
  if (!canTransition(action, row.status)) {
    const active = row.status === 'assigned' || row.status === 'in_progress';
    if (action === 'assign' && active && row.holderName) return conflict(alreadyClaimedMessage(row.holderName), 'ALREADY_CLAIMED');
    return conflict(transitionRefusedMessage(action, row.status), 'ILLEGAL_TRANSITION');
  }
  if (action === 'assign' && row.reservedForUserId !== null && row.reservedForUserId !== opts.targetUserId) {
    return conflict(reservedForOtherMessage(row.reservedForName ?? 'başka bir kullanıcı'), 'ALREADY_CLAIMED');
  }
  if (action === 'complete' && row.assignedUserId !== opts.actorId) return forbidden(BONUS_MESSAGES.notYourRequest);
  if (action === 'requeue' && row.assignedUserId !== opts.actorId) return forbidden(BONUS_MESSAGES.notYourRequeue);
  // The status allowed the move a moment ago: someone changed the request in between.
  return conflict('Talep bu sırada değişti; lütfen listeyi yenileyip tekrar deneyin');
}
