import { useDocumentTitle } from '@web/lib/use-document-title';
import { useSessionStore } from '@web/stores/session-store';
import { AuthLayout } from '../components/auth-layout';
import { ChangePasswordForm } from '../components/change-password-form';

/** /change-password: required before anything else when the account has a temporary password. */
export function ChangePasswordPage() {
  useDocumentTitle('Şifre Değiştir');
  const forced = useSessionStore((s) => s.user?.mustChangePassword === true);
  return (
    <AuthLayout
      title="Şifre Değiştir"
      description={forced ? 'Devam etmeden önce size verilen geçici şifreyi değiştirmeniz gerekiyor.' : 'Hesabınızın şifresini güncelleyin.'}
    >
      <ChangePasswordForm forced={forced} />
    </AuthLayout>
  );
}
