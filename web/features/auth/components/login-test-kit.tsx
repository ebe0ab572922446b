import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@web/lib/query-client';
import { json, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { LoginForm } from './login-form';

type Responder = (call: RecordedCall) => Response | Promise<Response>;

/** A fake API for the login form: health, the password step and, if given, the 2FA step. */
export function server(options: { demo?: boolean; login?: Responder; secondStep?: Responder } = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/health') return json(200, { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: options.demo ?? false });
    if (call.url === '/api/auth/login') return options.login?.(call) ?? json(401, { success: false, message: 'Giriş başarısız. Bilgileri kontrol edin.' });
    if (call.url === '/api/auth/login/totp' && options.secondStep) return options.secondStep(call);
    return json(404, { success: false, message: 'Kayıt bulunamadı' });
  });
}

/** The login form at /login, with /dashboard to land on. */
export function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/dashboard', element: <p>Panel ekranı</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
