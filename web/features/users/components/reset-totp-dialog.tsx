import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { User } from '@common/schemas/users';
import { totpResetBody } from '@common/schemas/totp';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Dialog, Textarea } from '@web/components/ui';
import { submitWithServerErrors } from '@web/lib/form-errors';

type Values = z.input<typeof totpResetBody>;

/** Lost device: the administrator gives a reason; the user's 2FA goes off and their sessions end. */
export function ResetTotpDialog({ user, onClose, onConfirm }: { user: User | null; onClose: () => void; onConfirm: (user: User, reason: string) => Promise<void> }) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title="İki faktörlü doğrulamayı sıfırla"
      description={user ? `${user.fullName} (${user.username}) için 2FA kapatılacak ve açık oturumları sonlandırılacak. Kullanıcı bir sonraki girişte yalnızca şifresiyle girer.` : undefined}
    >
      {user && <ReasonForm onCancel={onClose} onConfirm={(reason) => onConfirm(user, reason)} />}
    </Dialog>
  );
}

function ReasonForm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: (reason: string) => Promise<void> }) {
  const form = useForm<Values, unknown, z.output<typeof totpResetBody>>({ resolver: zodResolver(totpResetBody), defaultValues: { reason: '' } });
  const submit = submitWithServerErrors(form, ({ reason }) => onConfirm(reason));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Textarea label="Neden" required data-autofocus rows={3} error={form.formState.errors.reason?.message} {...form.register('reason')} />
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Vazgeç
        </Button>
        <Button type="submit" variant="danger" loading={form.formState.isSubmitting}>
          2FA Sıfırla
        </Button>
      </div>
    </form>
  );
}
