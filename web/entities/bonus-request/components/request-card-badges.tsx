import { Copy } from 'lucide-react';
import type { BonusRequest } from '@common/schemas/bonus';
import { DUPLICATE_LABEL, reservedForText } from '../model/request-texts';
import { ApprovalSummary } from './approval-summary';

/**
 * What every view of a request must show before anyone acts on it: whom a waiting request is
 * held for, and 'Olası tekrar' with a link to the earlier request of the same customer.
 */
export function RequestCardBadges({
  request,
  onOpen,
  approval = 'compact',
}: {
  request: Pick<BonusRequest, 'status' | 'reservedForName' | 'possibleDuplicateOfId' | 'approvalRequestedByName' | 'approvalRequestedAt' | 'approvalDetails' | 'rejectionReason' | 'rejectedByName'>;
  onOpen: (requestId: number) => void;
  /** The detail shows the approval in full in its own place. */
  approval?: 'compact' | 'none';
}) {
  const waiting = request.status === 'new' || request.status === 'queued';
  const approvalShown = approval === 'compact' && (request.status === 'pending_approval' || (request.rejectionReason !== null && request.status !== 'completed'));
  if (!(waiting && request.reservedForName) && request.possibleDuplicateOfId === null && !approvalShown) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      {approvalShown && <ApprovalSummary request={request} compact />}
      {waiting && request.reservedForName && <span className="font-medium text-sky-800 dark:text-sky-300">{reservedForText(request.reservedForName)}</span>}
      {request.possibleDuplicateOfId !== null && (
        <span className="inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300" data-testid="duplicate-flag">
          <Copy aria-hidden="true" className="size-3.5" />
          {DUPLICATE_LABEL}:
          <button
            type="button"
            className="underline underline-offset-2 hover:no-underline"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(request.possibleDuplicateOfId!);
            }}
          >
            Talep #{request.possibleDuplicateOfId}
          </button>
        </span>
      )}
    </div>
  );
}
