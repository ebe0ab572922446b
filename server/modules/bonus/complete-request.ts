import { and, eq } from 'drizzle-orm';
import { BONUS_MESSAGES, type ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { ActorContext } from '../../policies/actor';
import { bonusRequests } from '../../db/schema';
import { validationError } from '../../lib/errors';
import { requestGuard } from '../../policies/request-policy';
import { readDeskSettings } from './desk-settings';
import { releaseRequest } from './release-request';

export interface CompleteRequestInput {
  projectId: number;
  requestId: number;
  notes?: string;
  /** The amount as the user typed it, needed at or above the project's completeConfirmAmount. */
  confirmAmount?: string;
}

/** '1.250,50', '1250.5' and '1250.50' are the same money; compared in cents. */
function cents(text: string): number | null {
  const cleaned = text.trim().replace(/\s|₺/g, '');
  const normalised = /,\d{1,2}$/.test(cleaned) ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/** Paying out a large amount needs the amount typed: a mis-click cannot send it. */
async function checkConfirmAmount(ctx: AppContext, input: CompleteRequestInput): Promise<void> {
  const [row] = await ctx.database.db
    .select({ amount: bonusRequests.amount })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.id, input.requestId), eq(bonusRequests.projectId, input.projectId)))
    .limit(1);
  if (!row) return; // the move itself answers 404
  const { completeConfirmAmount } = await readDeskSettings(ctx.database.db, input.projectId);
  if (completeConfirmAmount === null || Number(row.amount) < Number(completeConfirmAmount)) return;
  if (input.confirmAmount === undefined || cents(input.confirmAmount) !== cents(row.amount)) {
    throw validationError({ confirmAmount: BONUS_MESSAGES.confirmAmountMismatch }, BONUS_MESSAGES.confirmAmountMismatch);
  }
}

/**
 * Completes an assigned or in-progress request, recording who completed it. Only its assignee
 * may, or a manager and above. The assignee's load drops, so their oldest capacity
 * reservation is handed to them in the same transaction.
 */
export async function completeRequest(scope: ActorContext, input: CompleteRequestInput): Promise<ViewedRequest> {
  const { actor } = scope;
  await checkConfirmAmount(scope.ctx, input);
  return releaseRequest(scope, input, {
    action: 'complete',
    reason: input.notes ?? null,
    guard: requestGuard('complete', actor),
    event: { type: 'completed', details: (moved) => ({ assignee: moved.previousAssigneeId, notes: input.notes ?? null }) },
    auditAction: 'COMPLETE_BONUS_REQUEST',
    socketEvent: SOCKET_EVENTS.requestCompleted,
  });
}
