import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUSES, WAITING_STATUSES } from '@common/enums';
import type { MyQueue } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { effectiveMaxLoad } from '../settings';
import { readDeskSettings } from './desk-settings';
import type { RequestActorRef } from '../../policies/request-policy';
import { selectViewedRequests } from './present-request';

/**
 * The caller's place in the project's work: their load against their capacity ('3/5'), and the
 * requests reserved for them while at capacity, in the order they will be handed over (oldest
 * reservation first, as hand-over-reservations takes them) — so 'Üzerimde' can show the place.
 */
export async function myQueue(db: DbOrTx, projectId: number, viewer: RequestActorRef & { id: number }): Promise<MyQueue> {
  const userId = viewer.id;
  const [[user], [load], reservations] = await Promise.all([
    db.select({ maxLoad: effectiveMaxLoad(projectId) }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ n: count() })
      .from(bonusRequests)
      .where(and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.assignedUserId, userId), inArray(bonusRequests.status, [...ACTIVE_STATUSES]))),
    selectViewedRequests(db, viewer)
      .where(
        and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.reservedForUserId, userId), inArray(bonusRequests.status, [...WAITING_STATUSES])),
      )
      .orderBy(asc(bonusRequests.reservedAt), asc(bonusRequests.id))
      .limit(100),
  ]);
  const { completeConfirmAmount, approvalThreshold } = await readDeskSettings(db, projectId);
  return { load: load?.n ?? 0, maxLoad: user?.maxLoad ?? 0, reservations, completeConfirmAmount, approvalThreshold };
}
