import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@web/stores/session-store';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { sessionUser, signOutStore } from '@web/test/session-fixtures';
import { renderForm, server } from './login-test-kit';

const username = () => screen.getByLabelText(/Kullanıcı Adı/);
const password = () => screen.getByLabelText(/Şifre/);
const submit = () => screen.getByRole('button', { name: /Giriş/ });

describe('LoginForm', () => {
  afterEach(() => signOutStore());

  it('in demo mode leaves the fields empty and offers the demo accounts as buttons that fill both fields', async () => {
    server({ demo: true });
    renderForm();
    const group = await screen.findByRole('group', { name: 'Demo hesapları:' });
    expect(username()).toHaveValue('');
    expect(password()).toHaveValue('');
    await userEvent.click(within(group).getByRole('button', { name: 'operator' }));
    expect(username()).toHaveValue('operator');
    expect(password()).toHaveValue('demo1234');
    // Enter signs in with them: the focus went to the submit button.
    expect(submit()).toHaveFocus();
  });

  it('leaves the fields empty on a real deployment and offers no demo accounts', async () => {
    const { calls } = server({ demo: false });
    renderForm();
    await waitForCall(calls, '/api/health');
    expect(username()).toHaveValue('');
    expect(password()).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Demo hesapları:' })).toBeNull();
  });

  it('shows the lockout message and its time when the server answers ACCOUNT_LOCKED', async () => {
    const locked = 'Hesap geçici olarak kilitlendi. 14:36 itibarıyla yeniden deneyebilirsiniz.';
    server({ login: () => json(401, { success: false, code: 'ACCOUNT_LOCKED', message: locked }) });
    renderForm();
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'x');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(locked);
  });

  it('shows each field’s Turkish message and sends nothing when empty', async () => {
    const { calls } = server();
    renderForm();
    await userEvent.click(submit());
    expect(await screen.findByText('Kullanıcı adı gereklidir')).toBeInTheDocument();
    expect(screen.getByText('Şifre gereklidir')).toBeInTheDocument();
    expect(username()).toHaveAttribute('aria-invalid', 'true');
    expect(username()).toHaveAccessibleDescription('Kullanıcı adı gereklidir');
    expect(calls.some((c) => c.url === '/api/auth/login')).toBe(false);
  });

  it("says 'Giriş başarısız. Bilgileri kontrol edin.' when the server refuses", async () => {
    server();
    renderForm();
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'yanlis');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Giriş başarısız. Bilgileri kontrol edin.');
  });

  it("shows the server's rate-limit message on 429", async () => {
    server({ login: () => json(429, { success: false, message: 'Çok fazla deneme. Lütfen 42 saniye sonra tekrar deneyin.' }) });
    renderForm();
    await userEvent.type(username(), 'admin');
    await userEvent.type(password(), 'x');
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Çok fazla deneme. Lütfen 42 saniye sonra tekrar deneyin.');
  });

  it("reads 'Giriş yapılıyor…' while waiting, then stores the session and opens the dashboard", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls } = server({ login: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const router = renderForm();
    await userEvent.type(username(), '  admin ');
    await userEvent.type(password(), 'demo1234');
    await userEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Giriş yapılıyor…' })).toBeDisabled();
    expect(calls.find((c) => c.url === '/api/auth/login')!.body).toEqual({ username: 'admin', password: 'demo1234' });

    answer(json(200, { success: true, data: { tokens: { accessToken: 'a1' }, user: sessionUser('admin') } }));
    expect(await screen.findByText('Panel ekranı')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(useSessionStore.getState()).toMatchObject({ token: 'a1', activeProjectId: 1 });
  });
});

async function waitForCall(calls: RecordedCall[], url: string) {
  for (let i = 0; i < 200 && !calls.some((c) => c.url === url); i++) await new Promise((r) => setTimeout(r, 5));
  // One more turn so the answer reaches the form.
  await new Promise((r) => setTimeout(r, 20));
}

describe('LoginForm demo accounts', () => {
  afterEach(() => signOutStore());

  it('never changes what the user typed when the demo answer comes in', async () => {
    let answerHealth: (r: Response) => void = () => undefined;
    mockFetch((call) =>
      call.url === '/api/health'
        ? new Promise<Response>((resolve) => (answerHealth = resolve))
        : json(401, { success: false, message: 'Giriş başarısız. Bilgileri kontrol edin.' }),
    );
    renderForm();
    await userEvent.type(username(), 'operator');
    answerHealth(json(200, { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: true }));
    // The demo buttons show once the answer has been taken in.
    expect(await screen.findByRole('group', { name: 'Demo hesapları:' })).toBeInTheDocument();
    expect(username()).toHaveValue('operator');
    expect(password()).toHaveValue('');
  });
});
