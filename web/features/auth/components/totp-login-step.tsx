import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { loginWithTotp } from '@common/contract/totp';
import type { LoginResponse } from '@common/schemas/auth';
import { BACKUP_CODE_PATTERN, TOTP_MESSAGES, totpCode } from '@common/schemas/totp';
import { requiredString } from '@common/schemas/api';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Input } from '@web/components/ui';
import { apiCall } from '@web/lib/api-call';
import { ApiError } from '@web/lib/api-error';

const codeForm = z.object({ code: totpCode });
const backupForm = z.object({
  code: requiredString(TOTP_MESSAGES.codeRequired).trim().min(1, TOTP_MESSAGES.codeRequired).regex(BACKUP_CODE_PATTERN, TOTP_MESSAGES.backupCodeFormat),
});
type Values = { code: string };

export interface TotpLoginStepProps {
  challenge: string;
  onSignedIn: (result: LoginResponse) => void;
  /** The challenge ran out or was used: back to the password step, with a message. */
  onExpired: (message: string) => void;
  onBack: () => void;
}

/** The login's second step, 'Doğrulama Kodu': a six-digit code, or a backup code after the switch. */
export function TotpLoginStep({ challenge, onSignedIn, onExpired, onBack }: TotpLoginStepProps) {
  const [useBackup, setUseBackup] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(useBackup ? backupForm : codeForm), defaultValues: { code: '' } });
  const { register, handleSubmit, formState, setError, reset, setFocus } = form;

  const submit = handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await apiCall(loginWithTotp, { body: { challenge, code } }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CHALLENGE_EXPIRED') return onExpired(error.message || TOTP_MESSAGES.challengeExpired);
      // A lockout says so and until when (the server's text); any other 401 is a wrong code.
      const locked = error instanceof ApiError && error.code === 'ACCOUNT_LOCKED';
      const message = !locked && error instanceof ApiError && error.status === 401 ? TOTP_MESSAGES.verifyFailed : error instanceof Error ? error.message : TOTP_MESSAGES.verifyFailed;
      setError('code', { type: 'server', message }, { shouldFocus: true });
    }
  });

  const toggle = () => {
    setUseBackup((on) => !on);
    reset({ code: '' });
    setTimeout(() => setFocus('code'), 0);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <div>
        <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          Doğrulama Kodu
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
          {useBackup ? 'Kaydettiğiniz yedek kodlardan birini girin. Her kod bir kez kullanılabilir.' : 'Doğrulama uygulamanızdaki 6 haneli kodu girin.'}
        </p>
      </div>
      {useBackup ? (
        <Input key="backup" label="Yedek Kod" autoFocus autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={9} required className="font-mono tracking-widest" error={formState.errors.code?.message} {...register('code')} />
      ) : (
        <Input
          key="totp"
          label="Doğrulama Kodu"
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          spellCheck={false}
          required
          className="font-mono tracking-[0.3em]"
          error={formState.errors.code?.message}
          {...register('code')}
        />
      )}
      <label className="flex cursor-pointer items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <input type="checkbox" role="switch" checked={useBackup} onChange={toggle} className="size-4 accent-indigo-600" />
        Yedek kod kullan
      </label>
      <FormAlert message={formState.errors.root?.server?.message} />
      <Button type="submit" size="lg" className="w-full" loading={formState.isSubmitting} loadingText="Doğrulanıyor…">
        Doğrula
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Geri
      </Button>
    </form>
  );
}
