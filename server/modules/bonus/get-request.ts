import { and, asc, eq } from 'drizzle-orm';
import { BONUS_MESSAGES, type RequestDetail } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequestEvents, bonusRequests } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { RequestActorRef } from '../../policies/request-policy';
import { selectViewedRequests } from './present-request';

/** A request of the project with its timeline, oldest event first (404 for another project's id), with the viewer's abilities. */
export async function getRequest(db: DbOrTx, projectId: number, requestId: number, viewer: RequestActorRef): Promise<RequestDetail> {
  const [request] = await selectViewedRequests(db, viewer)
    .where(and(eq(bonusRequests.id, requestId), eq(bonusRequests.projectId, projectId)))
    .limit(1);
  if (!request) throw notFound(BONUS_MESSAGES.requestNotFound);
  const events = await db
    .select()
    .from(bonusRequestEvents)
    .where(eq(bonusRequestEvents.requestId, requestId))
    .orderBy(asc(bonusRequestEvents.createdAt), asc(bonusRequestEvents.id));
  return {
    request,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      actorUserId: e.actorUserId,
      actorName: e.actorName,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      reason: e.reason,
      details: e.details,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
