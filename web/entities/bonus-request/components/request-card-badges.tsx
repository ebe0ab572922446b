import { Copy } from 'lucide-react';
import type { BonusRequest } from '@common/schemas/bonus';
import { DUPLICATE_LABEL, requestTitle, reservedForText } from '../model/request-texts';
import { ApprovalSummary } from './approval-summary';

/**
 * What every view of a request must show before anyone acts on it: whom a waiting request is
 * held for, and 'Olası tekrar' with a link to each other request of the same customer and bonus
 * type (earlier or later) by its external reference, which opens its detail.
 */
export function RequestCardBadges({
  request,
  onOpen,
  approval = 'compact',
}: {
  request: Pick<BonusRequest, 'status' | 'reservedForName' | 'possibleDuplicates' | 'approvalRequestedByName' | 'approvalRequestedAt' | 'approvalDetails' | 'rejectionReason' | 'rejectedByName'>;
  onOpen: (requestId: number) => void;
  /** The detail shows the approval in full in its own place. */
  approval?: 'compact' | 'none';
}) {
  const waiting = request.status === 'new' || request.status === 'queued';
  const duplicates = request.possibleDuplicates;
  const approvalShown = approval === 'compact' && (request.status === 'pending_approval' || (request.rejectionReason !== null && request.status !== 'completed'));
  if (!(waiting && request.reservedForName) && duplicates.length === 0 && !approvalShown) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      {approvalShown && <ApprovalSummary request={request} compact />}
      {waiting && request.reservedForName && <span className="font-medium text-sky-800 dark:text-sky-300">{reservedForText(request.reservedForName)}</span>}
      {duplicates.length > 0 && (
        <span className="inline-flex flex-wrap items-center gap-1 font-medium text-amber-800 dark:text-amber-300" data-testid="duplicate-flag">
          <Copy aria-hidden="true" className="size-3.5" />
          {DUPLICATE_LABEL}:
          {duplicates.map((other, i) => (
            <span key={other.id}>
              <button
                type="button"
                className="underline underline-offset-2 hover:no-underline"
                aria-label={`${DUPLICATE_LABEL}: ${requestTitle(other)} talebini aç`}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(other.id);
                }}
              >
                {requestTitle(other)}
              </button>
              {i < duplicates.length - 1 && ','}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
