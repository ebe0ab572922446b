import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LOGIN_MESSAGES, loginBody, type LoginBody, type LoginResponse } from '@common/schemas/auth';
import { paths } from '@web/app/paths';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Input } from '@web/components/ui';
import { ApiError } from '@web/lib/api-error';
import { applyServerErrors } from '@web/lib/form-errors';
import { useHealth } from '@web/lib/health';
import { useSessionStore } from '@web/stores/session-store';
import { login } from '../api/auth-api';
import { TotpLoginStep } from './totp-login-step';

/** Offered only when the server says it runs with demo data (GET /api/health → demo: true). */
export const DEMO_ACCOUNT = { username: 'admin', password: 'demo1234' } as const;

/** What to tell the user when sign-in fails: wrong credentials look the same whatever was wrong. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 0 || error.status >= 500)) return error.message;
  return LOGIN_MESSAGES.failed;
}

export function LoginForm() {
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const { health } = useHealth({ poll: false });
  const demo = health?.demo === true;
  const form = useForm<z.input<typeof loginBody>, unknown, LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { username: '', password: '' },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  // The health answer may come after the user has started typing: never overwrite them.
  const userTouched = useRef(false);
  /** Set when the password was right and 2FA is on: the second step is shown. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = ({ tokens, user }: LoginResponse) => {
    signIn(tokens, user);
    navigate(user.mustChangePassword ? paths.changePassword : paths.dashboard, { replace: true });
  };

  useEffect(() => {
    if (demo && !userTouched.current) reset({ ...DEMO_ACCOUNT });
  }, [demo, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const outcome = await login(values);
      if ('totpRequired' in outcome) setChallenge(outcome.challenge);
      else finish(outcome);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && applyServerErrors(form, error)) return;
      setError('root.server', { type: 'server', message: loginFailureText(error) });
    }
  });

  if (challenge) {
    const backToStart = (message?: string) => {
      setChallenge(null);
      form.setValue('password', '');
      if (message) setError('root.server', { type: 'server', message });
    };
    return <TotpLoginStep challenge={challenge} onSignedIn={finish} onExpired={backToStart} onBack={() => backToStart()} />;
  }

  return (
    <form
      onSubmit={(event) => {
        userTouched.current = true;
        void submit(event);
      }}
      onInputCapture={() => (userTouched.current = true)}
      noValidate
      className="flex flex-col gap-4"
    >
      <Input
        label="Kullanıcı Adı"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        error={formState.errors.username?.message}
        {...register('username')}
        // A prefilled (demo) value is selected on focus, so typing replaces it instead of appending.
        onFocus={(event) => event.currentTarget.select()}
      />
      <Input
        label="Şifre"
        type="password"
        autoComplete="current-password"
        required
        error={formState.errors.password?.message}
        {...register('password')}
        onFocus={(event) => event.currentTarget.select()}
      />
      <FormAlert message={formState.errors.root?.server?.message} />
      <Button type="submit" size="lg" className="mt-1 w-full" loading={formState.isSubmitting} loadingText="Giriş yapılıyor…">
        Giriş Yap
      </Button>
      {demo && (
        <p className="text-center text-xs text-zinc-500 dark:text-zinc-400">
          Demo ortamı: <span className="font-mono">{DEMO_ACCOUNT.username}</span> / <span className="font-mono">{DEMO_ACCOUNT.password}</span>
        </p>
      )}
    </form>
  );
}
