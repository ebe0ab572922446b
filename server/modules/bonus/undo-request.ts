import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DESK } from '@common/constants';
import { UNDO_MESSAGES, type UndoMove } from '@common/request-transitions';
import type { UndoRequestBody, ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { ActorContext } from '../../policies/actor';
import { bonusRequestEvents, bonusRequests } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { moveRequests } from './move-requests';
import { PendingRequestChanges, publishRequestChanges, viewedRequest } from './request-changes';

export interface UndoRequestInput extends UndoRequestBody {
  projectId: number;
  requestId: number;
}

const UNDONE_EVENT = { complete: 'completed', requeue: 'requeued' } as const;

/**
 * 'Geri Al' (issue 15): takes back the caller's own complete or re-queue within the undo
 * window, through the state machine — completed → assigned to the same assignee, re-queued →
 * assigned back to the former assignee while it still waits. `version` is what the move left:
 * if anyone touched the request since (claimed it, completed it, changed it), the conditional
 * UPDATE matches nothing and the undo is refused, so it never overrides someone else's work.
 */
export async function undoRequest(scope: ActorContext, input: UndoRequestInput): Promise<ViewedRequest> {
  const { ctx, actor, ipAddress } = scope;
  const now = ctx.clock.now();
  const move: UndoMove = `undo_${input.action}`;
  const changes = new PendingRequestChanges(input.projectId);
  const presented = await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: bonusRequests.version })
      .from(bonusRequests)
      .where(and(eq(bonusRequests.id, input.requestId), eq(bonusRequests.projectId, input.projectId)))
      .limit(1);
    if (!current) throw notFound('Talep bulunamadı');
    // The move being undone is the request's latest event; anything later means someone acted.
    const [last] = await tx
      .select()
      .from(bonusRequestEvents)
      .where(eq(bonusRequestEvents.requestId, input.requestId))
      .orderBy(desc(bonusRequestEvents.id))
      .limit(1);
    if (current.version !== input.version) throw conflict(UNDO_MESSAGES.changedSince, 'UNDO_REFUSED');
    if (!last || last.type !== UNDONE_EVENT[input.action]) throw conflict(UNDO_MESSAGES.nothingToUndo, 'UNDO_REFUSED');
    if (last.actorUserId !== actor.id) throw forbidden(UNDO_MESSAGES.notYourMove);
    if (now.getTime() - last.createdAt.getTime() > DESK.undoWindowMs + DESK.undoServerGraceMs) throw conflict(UNDO_MESSAGES.expired, 'UNDO_REFUSED');
    const details = last.details ?? {};
    const assignee = Number(input.action === 'complete' ? details.assignee : details.previousAssignee);
    if (!Number.isInteger(assignee) || assignee <= 0) throw conflict(UNDO_MESSAGES.nothingToUndo, 'UNDO_REFUSED');

    const eventDetails = { undoes: last.id, assignee };
    const { moved } = await moveRequests(tx, move, {
      projectId: input.projectId,
      now,
      actor,
      ipAddress,
      rows: [{ id: input.requestId, assignee: input.action === 'requeue' ? assignee : undefined, details: eventDetails }],
      // Nothing happened in between: same version; a re-queued one is still unclaimed and unreserved.
      guard: and(
        eq(bonusRequests.version, input.version),
        input.action === 'requeue' ? and(isNull(bonusRequests.assignedUserId), isNull(bonusRequests.reservedForUserId)) : undefined,
      ) ?? sql`true`,
      event: { type: `${input.action}_undone` },
      audit: { action: input.action === 'complete' ? 'UNDO_COMPLETE_BONUS_REQUEST' : 'UNDO_REQUEUE_BONUS_REQUEST' },
      socket: SOCKET_EVENTS.requestUpdated,
      changes,
    });
    if (moved.length === 0) throw conflict(UNDO_MESSAGES.changedSince, 'UNDO_REFUSED');
    const presentedChanges = await changes.present(tx, actor);
    return { changes: presentedChanges, request: (await viewedRequest(tx, presentedChanges, input.requestId, actor))! };
  });
  publishRequestChanges(ctx, presented.changes);
  return presented.request;
}
