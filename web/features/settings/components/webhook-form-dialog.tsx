import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, webhookBody, type Webhook, type WebhookBody } from '@common/schemas/webhooks';
import { DialogForm } from '@web/components/form/dialog-form';
import { Checkbox, Dialog, Input } from '@web/components/ui';
import { formatDateTimeWithYear } from '@web/lib/format';

type FormValues = z.input<typeof webhookBody>;
type FormOutput = z.output<typeof webhookBody>;

export interface WebhookFormDialogProps {
  open: boolean;
  /** The webhook being edited; none for a new one. */
  webhook?: Webhook;
  onClose: () => void;
  /** Throws on failure: the server's messages (a refused URL) land on the fields. */
  onSubmit: (body: WebhookBody) => Promise<unknown>;
}

/** 'Yeni Webhook' and 'Düzenle': the URL, the events it receives and its switch, checked by the server's own schema. */
export function WebhookFormDialog({ open, webhook, onClose, onSubmit }: WebhookFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={webhook ? 'Webhooku düzenle' : 'Yeni webhook'}
      description="Seçtiğiniz olaylar bu adrese, gizli anahtarla imzalanmış bir POST isteğiyle gönderilir."
    >
      {open && <WebhookForm webhook={webhook} onCancel={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function WebhookForm({ webhook, onCancel, onSubmit }: { webhook?: Webhook; onCancel: () => void; onSubmit: (body: WebhookBody) => Promise<unknown> }) {
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(webhookBody),
    defaultValues: { url: webhook?.url ?? '', events: webhook?.events ?? [], isActive: webhook?.isActive ?? true },
  });
  const { register, formState } = form;
  const eventsErrorId = useId();
  const switchedOff = webhook?.disabledAt && !webhook.isActive;
  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel={webhook ? 'Kaydet' : 'Oluştur'}
      loadingText={webhook ? 'Kaydediliyor...' : 'Oluşturuluyor...'}
      aria-label={webhook ? 'Webhooku düzenle' : 'Yeni webhook'}
    >
      <Input
        label="URL"
        type="url"
        inputMode="url"
        required
        data-autofocus
        autoComplete="off"
        spellCheck={false}
        maxLength={2000}
        placeholder="https://ornek.com/bonus-webhook"
        hint="Yalnızca https:// adresleri; yerel ve özel ağ adreslerine gönderilmez."
        error={formState.errors.url?.message}
        {...register('url')}
      />
      <fieldset aria-describedby={formState.errors.events ? eventsErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Olaylar</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} label={WEBHOOK_EVENT_LABELS[event]} value={event} {...register('events')} />
          ))}
        </div>
        {formState.errors.events && (
          <p id={eventsErrorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {formState.errors.events.message}
          </p>
        )}
      </fieldset>
      <Checkbox
        role="switch"
        label="Etkin"
        hint={
          switchedOff
            ? `${WEBHOOK_MESSAGES.disabled} (${formatDateTimeWithYear(webhook.disabledAt)}). Yeniden açmak için işaretleyip kaydedin.`
            : 'Kapalıyken bu webhooka hiçbir olay gönderilmez.'
        }
        {...register('isActive')}
      />
    </DialogForm>
  );
}
