import { approvalReasonLines } from '@common/approval';
import type { BonusRequest } from '@common/schemas/bonus';
import { formatDateTimeWithYear } from '@web/lib/format';

type ApprovalFields = Pick<BonusRequest, 'status' | 'approvalRequestedByName' | 'approvalRequestedAt' | 'approvalDetails' | 'rejectionReason' | 'rejectedByName'>;

/**
 * Four eyes on a request: while it waits, who sent it for approval, when and why; after a
 * rejection, who rejected it and why (the asker reads it before completing again).
 */
export function ApprovalSummary({ request, compact = false }: { request: ApprovalFields; compact?: boolean }) {
  if (request.status === 'pending_approval') {
    const asked = [request.approvalRequestedByName, request.approvalRequestedAt ? formatDateTimeWithYear(request.approvalRequestedAt) : null].filter(Boolean).join(' · ');
    const reasons = request.approvalDetails ? approvalReasonLines(request.approvalDetails) : [];
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100" data-testid="approval-summary">
        <p className="font-medium">Onaya gönderen: {asked || '—'}</p>
        {!compact && reasons.map((line) => <p key={line}>{line}</p>)}
      </div>
    );
  }
  if (request.rejectionReason && request.status !== 'completed') {
    return (
      <div className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-100" data-testid="rejection-summary">
        <p className="font-medium">Reddedildi{request.rejectedByName ? ` (${request.rejectedByName})` : ''}</p>
        <p className="break-words">{request.rejectionReason}</p>
      </div>
    );
  }
  return null;
}
