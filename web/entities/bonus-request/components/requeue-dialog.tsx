import { useState, type FormEvent } from 'react';
import { REQUEUE_OTHER_REASON, REQUEUE_REASONS } from '@common/request-transitions';
import { BONUS_MESSAGES, type BonusRequest } from '@common/schemas/bonus';
import { Button, Dialog, Input } from '@web/components/ui';
import { requestTitle } from '../model/request-texts';

const CHOICES = [...REQUEUE_REASONS, REQUEUE_OTHER_REASON];

/**
 * 'Tekrar Sıraya Al' with a reason from a short list ('Diğer' asks for a text). Nothing is chosen
 * beforehand: a reason nobody chose must never be recorded, so sending without one (Enter
 * included) only says that a reason is needed.
 */
export function RequeueDialog({
  request,
  busy,
  onConfirm,
  onClose,
}: {
  request: BonusRequest | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request || busy) return;
    if (choice === null) {
      setChoiceError(BONUS_MESSAGES.requeueReasonRequired);
      return;
    }
    const reason = choice === REQUEUE_OTHER_REASON ? other.trim() : choice;
    if (!reason) {
      setError(BONUS_MESSAGES.requeueReasonRequired);
      return;
    }
    onConfirm(reason);
  };
  const close = () => {
    setChoice(null);
    setOther('');
    setError(undefined);
    setChoiceError(undefined);
    onClose();
  };
  return (
    <Dialog open={request !== null} onClose={close} size="sm" title="Tekrar sıraya al" description={request ? requestTitle(request) : undefined}>
      {request && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2" aria-describedby={choiceError ? 'requeue-reason-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Sebep</legend>
            {CHOICES.map((label, i) => (
              <label key={label} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="requeue-reason"
                  value={label}
                  required
                  aria-invalid={choiceError ? true : undefined}
                  checked={choice === label}
                  onChange={() => {
                    setChoice(label);
                    setChoiceError(undefined);
                  }}
                  {...(i === 0 ? { 'data-autofocus': true } : {})}
                />
                {label}
              </label>
            ))}
            {choiceError && (
              <p id="requeue-reason-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
                {choiceError}
              </p>
            )}
          </fieldset>
          {choice === REQUEUE_OTHER_REASON && (
            <Input label="Sebep açıklaması" value={other} maxLength={200} error={error} onChange={(e) => setOther(e.target.value)} />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={close}>
              Vazgeç
            </Button>
            <Button type="submit" loading={busy} loadingText="İşleniyor…">
              Sıraya Al
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
