import { and, eq } from 'drizzle-orm';
import { BONUS_MESSAGES, type PossibleDuplicate, type ViewedRequest } from '@common/schemas/bonus';
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
import { presentedRequestFields } from './present-request';

export interface CompleteRequestInput {
  projectId: number;
  requestId: number;
  notes?: string;
  /** The amount as the user typed it, needed at or above the project's completeConfirmAmount. */
  confirmAmount?: string;
  /** The 'Tekrar olmadığını kontrol ettim' tick, required while the request has possible duplicates. */
  duplicateChecked?: boolean;
}

/** '1.250,50', '1250.5' and '1250.50' are the same money; compared in cents. */
function cents(text: string): number | null {
  const cleaned = text.trim().replace(/\s|₺/g, '');
  const normalised = /,\d{1,2}$/.test(cleaned) ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/**
 * What a person must confirm before paying: at or above the project's completeConfirmAmount the
 * amount typed (a mis-click cannot send it), and for a request with possible duplicates the tick
 * 'Tekrar olmadığını kontrol ettim' (the other requests are listed and linked beside it). Answers
 * the duplicates ticked for, which the timeline event records. Read before the move, as the
 * screens showed it; a duplicate arriving in that instant is on the request's card afterwards.
 */
async function checkConfirmations(ctx: AppContext, input: CompleteRequestInput): Promise<PossibleDuplicate[]> {
  const [row] = await ctx.database.db
    .select({ amount: bonusRequests.amount, possibleDuplicates: presentedRequestFields.possibleDuplicates })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.id, input.requestId), eq(bonusRequests.projectId, input.projectId)))
    .limit(1);
  if (!row) return []; // the move itself answers 404
  const { completeConfirmAmount } = await readDeskSettings(ctx.database.db, input.projectId);
  if (completeConfirmAmount !== null && Number(row.amount) >= Number(completeConfirmAmount)) {
    if (input.confirmAmount === undefined || cents(input.confirmAmount) !== cents(row.amount)) {
      throw validationError({ confirmAmount: BONUS_MESSAGES.confirmAmountMismatch }, BONUS_MESSAGES.confirmAmountMismatch);
    }
  }
  if (row.possibleDuplicates.length > 0 && input.duplicateChecked !== true) {
    throw validationError({ duplicateChecked: BONUS_MESSAGES.duplicateCheckRequired }, BONUS_MESSAGES.duplicateCheckRequired);
  }
  return row.possibleDuplicates;
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
  const duplicates = await checkConfirmations(scope.ctx, input);
  const checked = duplicates.length > 0 ? { duplicatesChecked: duplicates } : {};
  return moveOneRequest(scope, input, {
    action: 'complete',
    reason: input.notes ?? null,
    guard: requestGuard('complete', actor),
    event: {
      type: (moved) => (asks(moved) ? 'approval_requested' : 'completed'),
      details: (moved) => ({ assignee: moved.previousAssigneeId, notes: input.notes ?? null, ...checked }) as AuditDetails<'COMPLETE_BONUS_REQUEST'>,
    },
    auditAction: (moved) => (asks(moved) ? 'REQUEST_BONUS_APPROVAL' : 'COMPLETE_BONUS_REQUEST'),
    socketEvent: (moved) => (asks(moved) ? SOCKET_EVENTS.requestUpdated : SOCKET_EVENTS.requestCompleted),
  });
}

/** The completion went for a second person's approval rather than completing. */
const asks = (moved: MovedRequest) => moved.toStatus === 'pending_approval';
