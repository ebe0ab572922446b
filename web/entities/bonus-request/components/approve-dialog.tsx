import { approvalReasonLines } from '@common/approval';
import type { BonusRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import { Button, Dialog } from '@web/components/ui';
import { requestTitle } from '../model/request-texts';
import { PayoutSummary } from './payout-summary';

/**
 * 'Onayla' pays out what someone else sent for approval: a confirmation naming the amount, the
 * customer, who asked and why. Focus starts on 'Vazgeç', so a stray Enter never approves.
 */
export function ApproveDialog({ request, busy, onConfirm, onClose }: { request: BonusRequest | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const reasons = request?.approvalDetails ? approvalReasonLines(request.approvalDetails) : [];
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      size="sm"
      title="Talebi onayla"
      description={request ? requestTitle(request) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-autofocus>
            Vazgeç
          </Button>
          <Button onClick={() => !busy && onConfirm()} loading={busy} loadingText="İşleniyor…">
            {TERMS.approve}
          </Button>
        </>
      }
    >
      {request && (
        <div className="flex flex-col gap-3 text-sm">
          <PayoutSummary request={request} amountTestId="approve-amount">
            <dt className="text-zinc-600 dark:text-zinc-400">Onaya gönderen</dt>
            <dd>{request.approvalRequestedByName ?? '—'}</dd>
          </PayoutSummary>
          {reasons.map((line) => (
            <p key={line} className="text-amber-800 dark:text-amber-300">
              {line}
            </p>
          ))}
          <p className="text-zinc-600 dark:text-zinc-400">Onaylandığında talep tamamlanır; onay geri alınamaz.</p>
        </div>
      )}
    </Dialog>
  );
}
