import { useDocumentTitle } from '@web/lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

/** /login (spec §2.3). */
export function LoginPage() {
  useDocumentTitle('Giriş Yap');
  return (
    <AuthLayout title="Giriş Yap" description="Devam etmek için hesabınızla oturum açın.">
      <LoginForm />
    </AuthLayout>
  );
}
