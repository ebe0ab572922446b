import { useState, type FormEvent } from 'react';
import { BONUS_MESSAGES, type BonusRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import { Button, Dialog, Input } from '@web/components/ui';
import { requestTitle } from '../model/request-texts';

/** 'Reddet' sends the request back to the person who asked; the reason is required and shown to them. */
export function RejectDialog({ request, busy, onConfirm, onClose }: { request: BonusRequest | null; busy: boolean; onConfirm: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request || busy) return;
    if (!reason.trim()) {
      setError(BONUS_MESSAGES.rejectReasonRequired);
      return;
    }
    onConfirm(reason.trim());
    setReason('');
  };
  return (
    <Dialog open={request !== null} onClose={close} size="sm" title="Talebi reddet" description={request ? requestTitle(request) : undefined}>
      {request && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Input
            label="Ret sebebi"
            value={reason}
            maxLength={500}
            error={error}
            hint={request.approvalRequestedByName ? `${request.approvalRequestedByName} bu sebebi görecek.` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            data-autofocus
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Vazgeç
            </Button>
            <Button type="submit" variant="danger" loading={busy} loadingText="İşleniyor…">
              {TERMS.reject}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
