import '@common/zod-tr';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordBody } from '@common/schemas/auth';
import { paths } from '@web/app/paths';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, buttonStyles, Input } from '@web/components/ui';
import { applyServerErrors } from '@web/lib/form-errors';
import { notify } from '@web/lib/notify';
import { useSessionStore } from '@web/stores/session-store';
import { changePassword } from '../api/session-api';
import { useSignOut } from '../api/use-sign-out';

export const PASSWORD_MISMATCH = 'Şifreler eşleşmiyor';

const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MISMATCH });
type ChangePasswordValues = z.infer<typeof changePasswordForm>;

/** The three password fields, in order; only the first takes the focus. */
const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: 'Mevcut Şifre', autoComplete: 'current-password', autoFocus: true },
  { name: 'newPassword', label: 'Yeni Şifre', autoComplete: 'new-password', hint: 'En az 8 karakter.' },
  { name: 'confirmPassword', label: 'Yeni Şifre (Tekrar)', autoComplete: 'new-password' },
] as const satisfies readonly { name: keyof ChangePasswordValues; label: string; autoComplete: string; autoFocus?: boolean; hint?: string }[];

export function ChangePasswordForm({ forced }: { forced: boolean }) {
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const { signOut, pending: signingOut } = useSignOut();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword });
      if (user) setUser({ ...user, mustChangePassword: false });
      notify.success('Şifreniz güncellendi', 'Diğer cihazlardaki oturumlarınız sonlandırıldı.');
      navigate(paths.dashboard, { replace: true });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {PASSWORD_FIELDS.map(({ name, ...field }) => (
        <Input key={name} type="password" required {...field} error={formState.errors[name]?.message} {...register(name)} />
      ))}
      <FormAlert message={formState.errors.root?.server?.message} />
      <div className="mt-1 flex flex-col gap-2">
        <Button type="submit" size="lg" className="w-full" loading={formState.isSubmitting} loadingText="Kaydediliyor…">
          Şifreyi Güncelle
        </Button>
        {forced ? (
          <Button variant="ghost" className="w-full" loading={signingOut} onClick={() => void signOut()}>
            Çıkış Yap
          </Button>
        ) : (
          <Link to={paths.dashboard} className={buttonStyles('ghost', 'md', 'w-full')}>
            Vazgeç
          </Link>
        )}
      </div>
    </form>
  );
}
