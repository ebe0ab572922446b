import { and, eq } from 'drizzle-orm';
import { BONUS_MESSAGES, type ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { AuditDetails } from '@common/audit-catalogue';
import type { ActorContext } from '../../policies/actor';
import type { MovedRequest } from './move-requests';
import { bonusRequests } from '../../db/schema';
import { validationError } from '../../lib/errors';
import { requestGuard } from '../../policies/request-policy';
import { readDeskSettings } from './desk-settings';
import { moveOneRequest } from './move-one-request';

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
 * may, or a manager and above. At or above the project's approval threshold, or past a customer
 * limit, the move operation sends it for approval instead (four eyes), whoever the caller is.
 * Either way the assignee's load drops, so their oldest capacity reservation is handed to them
 * in the same transaction.
 */
export async function completeRequest(scope: ActorContext, input: CompleteRequestInput): Promise<ViewedRequest> {
  const { actor } = scope;
  await checkConfirmAmount(scope.ctx, input);
  return moveOneRequest(scope, input, {
    action: 'complete',
    reason: input.notes ?? null,
    guard: requestGuard('complete', actor),
    event: {
      type: (moved) => (asks(moved) ? 'approval_requested' : 'completed'),
      details: (moved) => ({ assignee: moved.previousAssigneeId, notes: input.notes ?? null }) as AuditDetails<'COMPLETE_BONUS_REQUEST'>,
    },
    auditAction: (moved) => (asks(moved) ? 'REQUEST_BONUS_APPROVAL' : 'COMPLETE_BONUS_REQUEST'),
    socketEvent: (moved) => (asks(moved) ? SOCKET_EVENTS.requestUpdated : SOCKET_EVENTS.requestCompleted),
  });
}

/** The completion went for a second person's approval rather than completing. */
const asks = (moved: MovedRequest) => moved.toStatus === 'pending_approval';
