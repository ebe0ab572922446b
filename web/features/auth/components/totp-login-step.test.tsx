import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { useSessionStore } from '@web/stores/session-store';
import { json, type RecordedCall } from '@web/test/fetch-mock';
import { sessionUser, signOutStore } from '@web/test/session-fixtures';
import { renderForm, server } from './login-test-kit';

/** A server whose password step asks for 2FA; the second step answers with `second`. */
const twoStepServer = (second: (call: RecordedCall) => Response) =>
  server({ login: () => json(200, { success: true, data: { totpRequired: true, challenge: 'challenge-1' } }), secondStep: second });

async function passPasswordStep() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Kullanıcı Adı/), 'ayse');
  await user.type(screen.getByLabelText(/Şifre/), 'gizli-sifre');
  await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
  await screen.findByRole('heading', { name: 'Doğrulama Kodu' });
  return user;
}

describe('login second step', { timeout: 30_000 }, () => {
  afterEach(() => signOutStore());

  it('asks for a six-digit code with autofocus and one-time-code autofill, checks it, then signs in', async () => {
    const { calls } = twoStepServer(() => json(200, { success: true, data: { tokens: { accessToken: 'a1' }, user: sessionUser('agent') } }));
    const router = renderForm();
    const user = await passPasswordStep();
    const input = screen.getByLabelText(/Doğrulama Kodu/);
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByText(TOTP_MESSAGES.codeRequired)).toBeInTheDocument();
    await user.type(input, '12a');
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByText(TOTP_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/login/totp')).toBe(false);

    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.url === '/api/auth/login/totp')?.body).toEqual({ challenge: 'challenge-1', code: '123456' });
    expect(useSessionStore.getState().token).toBe('a1');
  });

  it('shows the lockout message with its time when a code is refused because the account is locked', async () => {
    const locked = 'Hesap geçici olarak kilitlendi. 14:36 itibarıyla yeniden deneyebilirsiniz.';
    twoStepServer(() => json(401, { success: false, code: 'ACCOUNT_LOCKED', message: locked }));
    renderForm();
    const user = await passPasswordStep();
    await user.type(screen.getByLabelText(/Doğrulama Kodu/), '123456');
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByText(locked)).toBeInTheDocument();
    expect(screen.queryByText(TOTP_MESSAGES.verifyFailed)).toBeNull();
  });

  it('sends a backup code after the switch, and shows a refused code on the field', async () => {
    const { calls } = twoStepServer(() => json(401, { success: false, code: 'UNAUTHORIZED', message: TOTP_MESSAGES.verifyFailed }));
    renderForm();
    const user = await passPasswordStep();
    await user.click(screen.getByRole('switch', { name: 'Yedek kod kullan' }));
    const input = await screen.findByLabelText(/Yedek Kod/);
    await user.type(input, 'ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByText(TOTP_MESSAGES.verifyFailed)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/login/totp')?.body).toEqual({ challenge: 'challenge-1', code: 'ABCD-EFGH' });
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('an expired challenge goes back to the password step with a message; Geri goes back without one', async () => {
    twoStepServer(() => json(401, { success: false, code: 'CHALLENGE_EXPIRED', message: TOTP_MESSAGES.challengeExpired }));
    renderForm();
    let user = await passPasswordStep();
    await user.type(screen.getByLabelText(/Doğrulama Kodu/), '123456');
    await user.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(await screen.findByText(TOTP_MESSAGES.challengeExpired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Şifre/)).toHaveValue('');

    user = userEvent.setup();
    await user.type(screen.getByLabelText(/Şifre/), 'gizli-sifre');
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await screen.findByRole('heading', { name: 'Doğrulama Kodu' });
    await user.click(screen.getByRole('button', { name: 'Geri' }));
    expect(await screen.findByRole('button', { name: 'Giriş Yap' })).toBeInTheDocument();
  });
});
