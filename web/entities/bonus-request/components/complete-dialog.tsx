import { useState, type FormEvent } from 'react';
import { DESK } from '@common/constants';
import { BONUS_MESSAGES, type BonusRequest } from '@common/schemas/bonus';
import { Button, Checkbox, Dialog, Input } from '@web/components/ui';
import { formatMoney } from '@web/lib/format';
import type { CompleteInput } from '../api/request-mutations';
import { DUPLICATE_CHECK_LABEL, DUPLICATE_LABEL, requestTitle } from '../model/request-texts';
import { CustomerSummaryPanel } from './customer-summary-panel';
import { PayoutSummary } from './payout-summary';

/** Whether completing this request needs its amount typed (the project's completeConfirmAmount). */
export function needsTypedAmount(request: Pick<BonusRequest, 'amount'>, threshold: string | null | undefined): boolean {
  if (threshold === null) return false;
  return Number(request.amount) >= Number(threshold ?? DESK.defaultCompleteConfirmAmount);
}

/** '1.250,50', '1250,5', '1250.50' → cents, as the server compares them. */
function cents(text: string): number | null {
  const cleaned = text.trim().replace(/\s|₺/g, '');
  const normalised = /,\d{1,2}$/.test(cleaned) ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Math.round(Number(normalised) * 100) : null;
}

/**
 * 'Tamamla' pays out: a small confirmation showing what is paid to whom, the customer's history
 * and limits left, with an optional note; Enter confirms. At or above the project's threshold the
 * amount must be typed as well, and a request with possible duplicates needs the tick
 * 'Tekrar olmadığını kontrol ettim' (the server refuses it without).
 */
export function CompleteDialog({
  request,
  threshold,
  approvalThreshold = null,
  busy,
  onConfirm,
  onClose,
}: {
  request: BonusRequest | null;
  /** The project's completeConfirmAmount (null: never ask). */
  threshold: string | null | undefined;
  /** The project's approval threshold (four eyes; null: off). */
  approvalThreshold?: string | null;
  busy: boolean;
  onConfirm: (input: CompleteInput) => void;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checked, setChecked] = useState(false);
  const [checkError, setCheckError] = useState<string | undefined>();
  const typing = request ? needsTypedAmount(request, threshold) : false;
  const asks = request !== null && approvalThreshold !== null && Number(request.amount) >= Number(approvalThreshold);
  const duplicates = request?.possibleDuplicates ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request || busy) return;
    const amountWrong = typing && cents(typed) !== cents(request.amount);
    const unchecked = duplicates.length > 0 && !checked;
    setError(amountWrong ? BONUS_MESSAGES.confirmAmountMismatch : undefined);
    setCheckError(unchecked ? BONUS_MESSAGES.duplicateCheckRequired : undefined);
    if (amountWrong || unchecked) return;
    onConfirm({ notes: notes.trim() || undefined, confirmAmount: typing ? typed : undefined, duplicateChecked: duplicates.length > 0 ? true : undefined });
  };
  const close = () => {
    setNotes('');
    setTyped('');
    setError(undefined);
    setChecked(false);
    setCheckError(undefined);
    onClose();
  };
  return (
    <Dialog open={request !== null} onClose={close} size="sm" title="Talebi tamamla" description={request ? requestTitle(request) : undefined}>
      {request && (
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Tamamlama onayı">
          <PayoutSummary request={request} amountTestId="complete-amount" />
          {asks && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100" data-testid="approval-notice">
              Tutar onay eşiğinde veya üstünde ({formatMoney(approvalThreshold!)}): talep tamamlanmaz, ikinci bir kişinin onayına gönderilir.
            </p>
          )}
          <CustomerSummaryPanel request={request} />
          {duplicates.length > 0 && (
            <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-500/40 dark:bg-amber-500/10">
              <p className="text-sm font-medium text-amber-900 dark:text-amber-200" data-testid="complete-duplicates">
                {DUPLICATE_LABEL}: {duplicates.map(requestTitle).join(', ')}
              </p>
              <Checkbox
                label={DUPLICATE_CHECK_LABEL}
                checked={checked}
                error={checkError}
                onChange={(e) => {
                  setChecked(e.target.checked);
                  if (e.target.checked) setCheckError(undefined);
                }}
              />
            </div>
          )}
          {typing && (
            <Input
              label={`Doğrulamak için tutarı yazın (${formatMoney(request.amount)})`}
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              error={error}
              onChange={(e) => setTyped(e.target.value)}
              data-autofocus
            />
          )}
          <Input label="Not (opsiyonel)" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} {...(typing ? {} : { 'data-autofocus': true })} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Vazgeç
            </Button>
            <Button type="submit" loading={busy} loadingText="İşleniyor…">
              {asks ? 'Onaya Gönder' : 'Tamamla'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
