import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { API_TOKEN_ABILITIES, API_TOKEN_ABILITY_LABELS, API_TOKEN_MESSAGES, createApiTokenBody, type CreateApiTokenBody } from '@common/schemas/api-tokens';
import { DialogForm } from '@web/components/form/dialog-form';
import { Checkbox, Dialog, Input } from '@web/components/ui';

/** Today as the date input writes it (YYYY-MM-DD), in the browser's own day. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The form: the body's name and abilities, and an optional last day instead of a timestamp. */
const formSchema = createApiTokenBody.pick({ name: true, abilities: true }).extend({
  expiresOn: z.string().refine((day) => day === '' || day >= today(), API_TOKEN_MESSAGES.expiryInPast),
});
type FormValues = z.input<typeof formSchema>;

/** The last day counts whole: the token works until that day ends, in the browser's time. */
export function bodyOf(values: z.output<typeof formSchema>): CreateApiTokenBody {
  return { name: values.name, abilities: values.abilities, expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : null };
}

export function CreateApiTokenDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (body: CreateApiTokenBody) => Promise<unknown> }) {
  return (
    <Dialog open={open} onClose={onClose} title="Yeni API anahtarı" description="Anahtar yalnızca bu projede ve seçtiğiniz yetkilerle çalışır.">
      {open && <CreateForm onCancel={onClose} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function CreateForm({ onCancel, onSubmit }: { onCancel: () => void; onSubmit: (body: CreateApiTokenBody) => Promise<unknown> }) {
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', abilities: [], expiresOn: '' },
  });
  const { register, formState } = form;
  return (
    <DialogForm form={form} onSubmit={(values) => onSubmit(bodyOf(values))} onCancel={onCancel} submitLabel="Oluştur" loadingText="Oluşturuluyor..." aria-label="Yeni API anahtarı">
      <Input label="Anahtar adı" required data-autofocus autoComplete="off" maxLength={100} placeholder="Örn. Ödeme sistemi" error={formState.errors.name?.message} {...register('name')} />
      <fieldset aria-describedby={formState.errors.abilities ? 'api-token-abilities-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Yetkiler</legend>
        <div className="flex flex-col gap-2">
          {API_TOKEN_ABILITIES.map((ability) => (
            <Checkbox key={ability} label={API_TOKEN_ABILITY_LABELS[ability]} value={ability} {...register('abilities')} />
          ))}
        </div>
        {formState.errors.abilities && (
          <p id="api-token-abilities-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {formState.errors.abilities.message}
          </p>
        )}
      </fieldset>
      <Input label="Son geçerlilik günü" type="date" min={today()} hint="Boş bırakılırsa süresiz geçerlidir." error={formState.errors.expiresOn?.message} {...register('expiresOn')} />
    </DialogForm>
  );
}
