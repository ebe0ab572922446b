import { SecretOnceDialog } from '@web/components/ui';

/** Shows a server-generated one-time password once; closing the dialog forgets it. */
export function OneTimePasswordDialog({ password, username, onClose }: { password: string | null; username: string; onClose: () => void }) {
  return (
    <SecretOnceDialog
      secret={password}
      onClose={onClose}
      title="Tek kullanımlık şifre"
      description={`${username} ilk girişinde bu şifreyi değiştirmek zorunda. Şifre yalnızca şimdi gösterilir.`}
      testId="one-time-password"
    />
  );
}
