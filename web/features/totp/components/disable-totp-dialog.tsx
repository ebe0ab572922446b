import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { totpDisableBody } from '@common/schemas/totp';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Dialog, Input } from '@web/components/ui';
import { submitWithServerErrors } from '@web/lib/form-errors';
import { useDisableTotp } from '../api/totp-api';

type Values = z.input<typeof totpDisableBody>;

/** Turning 2FA off asks for the real password and a current code (or a backup code). */
export function DisableTotpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="İki faktörlü doğrulamayı kapat" description="Devam etmek için şifrenizi ve doğrulama uygulamanızdaki kodu (veya bir yedek kodu) girin.">
      {open && <DisableForm onClose={onClose} />}
    </Dialog>
  );
}

function DisableForm({ onClose }: { onClose: () => void }) {
  const disable = useDisableTotp();
  const form = useForm<Values, unknown, z.output<typeof totpDisableBody>>({ resolver: zodResolver(totpDisableBody), defaultValues: { password: '', token: '' } });
  // The mutation toasts; a failure throws on, so the form shows the server's message.
  const submit = submitWithServerErrors(form, async (values) => {
    await disable.mutateAsync(values);
    onClose();
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Input label="Şifre" type="password" autoComplete="current-password" required data-autofocus error={errors.password?.message} {...form.register('password')} />
      <Input label="Doğrulama Kodu" hint="6 haneli kod veya yedek kod" autoComplete="one-time-code" spellCheck={false} required className="font-mono" error={errors.token?.message} {...form.register('token')} />
      <FormAlert message={errors.root?.server?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Vazgeç
        </Button>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          Devre Dışı Bırak
        </Button>
      </div>
    </form>
  );
}
