import { act, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@web/components/ui';
import { createQueryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/stores/session-store';
import { json, mockFetch } from '@web/test/fetch-mock';
import { PROJECTS, sessionUser, signInAs, signOutStore } from '@web/test/session-fixtures';
import { buildRoutes } from './router';

// No live server in jsdom: the frame's socket is replaced by an idle stand-in.
vi.mock('@web/lib/socket', () => ({
  projectSocket: {
    start: vi.fn(),
    stop: vi.fn(),
    getStatus: () => 'idle',
    subscribeStatus: () => () => undefined,
    on: () => () => undefined,
    emit: vi.fn(),
    reconnect: vi.fn(),
  },
  warnProjectRequired: vi.fn(),
  RESYNC_EVENT: 'live:resync',
}));

const WAIT = { timeout: 5_000 };

function fakeServer(role: Parameters<typeof sessionUser>[0] = 'admin') {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/health')) return json(200, { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: false });
    if (call.url.startsWith('/api/auth/me')) return json(200, { success: true, data: sessionUser(role) });
    // The project list only: project data (agents, requests) is not served by this fake.
    if (call.url === '/api/projects' || call.url.startsWith('/api/projects?')) {
      return json(200, { success: true, data: PROJECTS.map((p) => ({ ...p, isActive: true })) });
    }
    return json(404, { success: false, message: 'Kayıt bulunamadı' });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return router;
}

async function pageTitle() {
  return within(await screen.findByRole('banner', {}, WAIT)).getByRole('heading', { level: 1 });
}

// The sign-in page, the providers and the frame are lazy chunks: compile them once before the
// tests, so the first test's waits measure the router, not the test runner's first transform.
beforeAll(async () => {
  await Promise.all([import('@web/features/auth/pages/login-page'), import('./app-providers'), import('./layout/app-frame')]);
}, 60_000);

describe('route guards', () => {
  beforeEach(() => fakeServer());
  afterEach(() => signOutStore());

  it('sends a visitor without a session from a screen to /login', async () => {
    const router = renderAt('/bonus');
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends / to /login without a session', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Giriş Yap' }, WAIT);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from /login to /dashboard, titled with the active project', async () => {
    signInAs('admin');
    const router = renderAt('/login');
    expect(await pageTitle()).toHaveTextContent('Altın Şans Casino');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends / to /dashboard with a session', async () => {
    signInAs('admin');
    const router = renderAt('/');
    await pageTitle();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the 404 page for an unknown path, signed out and signed in', async () => {
    renderAt('/olmayan-sayfa');
    expect(await screen.findByText('404 - Sayfa Bulunamadı', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Aradığınız sayfa mevcut değil.')).toBeInTheDocument();
  });

  it('shows the 404 page inside the frame when signed in', async () => {
    signInAs('admin');
    renderAt('/bonus/olmayan');
    expect(await screen.findByText('404 - Sayfa Bulunamadı', {}, WAIT)).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Ana menü' }).length).toBeGreaterThan(0);
  });

  it('opens a screen the role may use, with its title', async () => {
    signInAs('admin');
    renderAt('/bonus');
    expect(await pageTitle()).toHaveTextContent('Bonus Talepleri');
    expect(await screen.findByRole('group', { name: 'Durum filtresi' }, WAIT)).toBeInTheDocument();
  });

  it('shows the no-permission page for a screen the role may not use, and hides it from the nav', async () => {
    signInAs('agent');
    renderAt('/users');
    expect(await screen.findByText('Bu sayfayı görüntüleme yetkiniz yok.', {}, WAIT)).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Ana menü' })[0]!;
    expect(within(nav).queryByRole('link', { name: 'Kullanıcı Yönetimi' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Bonus Talepleri' })).toBeInTheDocument();
  });

  it('holds a user who must change their password on /change-password', async () => {
    signInAs('operator', { mustChangePassword: true });
    const router = renderAt('/bonus');
    expect(await screen.findByRole('heading', { name: 'Şifre Değiştir' }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('returns to /login as soon as the session ends (forced logout)', async () => {
    signInAs('admin');
    const router = renderAt('/bonus');
    await pageTitle();
    act(() => useSessionStore.getState().clear());
    expect(await screen.findByRole('heading', { name: 'Giriş Yap' }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
