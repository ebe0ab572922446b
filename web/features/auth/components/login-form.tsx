import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LoginBody, LoginResponse } from '@common/schemas/auth';
import { LOGIN_MESSAGES } from '@common/login-messages';
import { paths } from '@web/app/paths';
import { FormAlert } from '@web/components/layout/form-alert';
import { Button, Input } from '@web/components/ui';
import { ApiError } from '@web/lib/api-error';
import { fetchDemoFlag } from '@web/lib/fetch-health';
import { useSessionStore } from '@web/stores/session-store';
import { login } from '../api/auth-api';

// The second step (react-hook-form, zod) loads only for users with two-factor on, so the
// sign-in page stays within its JavaScript budget.
const TotpLoginStep = lazy(() => import('./totp-login-step').then((m) => ({ default: m.TotpLoginStep })));

/**
 * Demo accounts (server/db/seed/demo-organisation.ts), offered as buttons only when the server says
 * it runs with demo data (GET /api/health → demo: true). Never written into the fields on their own:
 * a prefill landing while someone types mixed both ('adminadmin', issue 32).
 */
export const DEMO_USERNAMES = ['superadmin', 'admin', 'manager', 'operator', 'agent1'] as const;
const DEMO_PASSWORD = 'demo1234';

/** What to tell the user when sign-in fails: wrong credentials look the same whatever was wrong. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'ACCOUNT_LOCKED' || error.status === 429 || error.status === 0 || error.status >= 500)) return error.message;
  return LOGIN_MESSAGES.failed;
}

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

/** The server's own limits (loginBody), checked here without zod so the sign-in page stays small. */
function check(values: LoginBody): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.username.trim()) errors.username = LOGIN_MESSAGES.usernameRequired;
  else if (values.username.trim().length > 64) errors.username = 'En fazla 64 karakter olabilir';
  if (!values.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (values.password.length > 256) errors.password = 'En fazla 256 karakter olabilir';
  return errors;
}

/**
 * The sign-in form: two fields kept in state rather than react-hook-form and a zod schema, which
 * the sign-in page would otherwise be the only reason to download before the first screen.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const [demo, setDemo] = useState(false);
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const fields = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const submitButton = useRef<HTMLButtonElement>(null);
  /** Set when the password was right and 2FA is on: the second step is shown. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = ({ tokens, user }: LoginResponse) => {
    signIn(tokens, user);
    navigate(user.mustChangePassword ? paths.changePassword : paths.dashboard, { replace: true });
  };

  useEffect(() => {
    // Asked once, without react-query: the sign-in page loads before the signed-in app's chunks.
    const aborted = new AbortController();
    fetchDemoFlag(aborted.signal)
      .then(setDemo)
      .catch(() => undefined);
    return () => aborted.abort();
  }, []);

  /** A demo button fills both fields (and nothing else does); Enter then signs in. */
  const pickDemo = (username: string) => {
    setValues({ username, password: DEMO_PASSWORD });
    setErrors({});
    submitButton.current?.focus();
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = (['username', 'password'] as const).find((k) => found[k]);
    if (first) fields[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setServerError(undefined);
    const found = check(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setSubmitting(true);
    try {
      const outcome = await login({ username: values.username.trim(), password: values.password });
      setSubmitting(false);
      if ('totpRequired' in outcome) setChallenge(outcome.challenge);
      else finish(outcome);
    } catch (error) {
      setSubmitting(false);
      const onFields: FieldErrors = {};
      if (error instanceof ApiError && error.status === 400) {
        for (const key of ['username', 'password'] as const) if (error.fieldErrors[key]) onFields[key] = error.fieldErrors[key];
      }
      if (Object.keys(onFields).length > 0) return showErrors(onFields);
      setServerError(loginFailureText(error));
    }
  };

  const change = (key: keyof LoginBody) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  if (challenge) {
    const backToStart = (message?: string) => {
      setChallenge(null);
      setValues((v) => ({ ...v, password: '' }));
      setServerError(message);
    };
    return (
      <Suspense fallback={<p className="text-sm text-zinc-600 dark:text-zinc-300">Yükleniyor...</p>}>
        <TotpLoginStep challenge={challenge} onSignedIn={finish} onExpired={backToStart} onBack={() => backToStart()} />
      </Suspense>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <Input
        ref={fields.username}
        name="username"
        label="Kullanıcı Adı"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        value={values.username}
        onChange={change('username')}
        error={errors.username}
      />
      <Input
        ref={fields.password}
        name="password"
        label="Şifre"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <FormAlert message={serverError} />
      <Button ref={submitButton} type="submit" size="lg" className="mt-1 w-full" loading={submitting} loadingText="Giriş yapılıyor…">
        Giriş Yap
      </Button>
      {demo && (
        <div role="group" aria-labelledby="demo-accounts" className="flex flex-wrap items-center justify-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span id="demo-accounts">Demo hesapları:</span>
          {DEMO_USERNAMES.map((name) => (
            <Button key={name} variant="outline" size="sm" className="font-mono" onClick={() => pickDemo(name)}>
              {name}
            </Button>
          ))}
        </div>
      )}
    </form>
  );
}
