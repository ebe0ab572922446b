import { act, render, screen, waitFor, within } from '@testing-library/react';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionAbilities } from '@common/schemas/abilities';
import type { SessionUser } from '@common/schemas/auth';
import { abilitiesOf, abilitySetOf } from '@common/testing/role-abilities';
import { ConfirmProvider } from '@web/components/ui';
import { createQueryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/stores/session-store';
import { json, mockFetch } from '@web/test/fetch-mock';
import { PROJECTS, sessionUser, signInAs, signOutStore } from '@web/test/session-fixtures';
import { buildRoutes } from './router';

/**
 * The menu, the screens' gates and the buttons follow the abilities the server answers,
 * not the role: each test gives a role abilities its matrix would not, and the screen
 * shows what the server said.
 */

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

/**
 * A fake API whose /api/auth/me answers `me.answer(n)` for its n-th call (from 1): a test
 * replaces it to play a change on the server.
 */
function fakeServer(initial: SessionUser) {
  const me = { answer: (_n: number): SessionUser => initial };
  const mock = mockFetch((call) => {
    if (call.url.startsWith('/api/health')) return json(200, { status: 'ok', database: 'up', redis: 'unused', databaseKind: 'pglite', demo: false });
    if (call.url.startsWith('/api/auth/me')) return json(200, { success: true, data: me.answer(meCalls()) });
    if (call.url === '/api/projects' || call.url.startsWith('/api/projects?')) {
      return json(200, { success: true, data: PROJECTS.map((p) => ({ ...p, isActive: true })) });
    }
    return json(404, { success: false, message: 'Kayıt bulunamadı' });
  });
  const meCalls = () => mock.calls.filter((c) => c.url.startsWith('/api/auth/me')).length;
  return { me, meCalls };
}

/** Signs in as `role` with `abilities`, and has the server answer the same. */
function signedIn(role: SessionUser['role'], abilities: SessionAbilities) {
  signInAs(role, { abilities });
  return fakeServer(sessionUser(role, { abilities }));
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

async function navLinks() {
  const nav = (await screen.findAllByRole('navigation', { name: 'Ana menü' }, WAIT))[0]!;
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const projectIds = PROJECTS.map((p) => p.id);

beforeAll(async () => {
  await Promise.all([import('./app-providers'), import('./layout/app-frame'), import('@web/features/bonus/pages/bonus-page')]);
}, 60_000);
afterEach(() => {
  signOutStore();
  focusManager.setFocused(undefined);
});

describe('screens and buttons from the server', () => {
  it('the menu lists exactly the screens the server gives, not those of the role', async () => {
    const abilities = abilitiesOf('super_admin', projectIds);
    const screens = { ...abilitiesOf('agent', projectIds).global.screens, totp: false };
    signedIn('super_admin', { ...abilities, global: { ...abilities.global, screens } });
    renderAt('/bonus');
    // 'Onay Bekleyen' is the bonus screen filtered to approvals, shown with it to one who may approve.
    await waitFor(async () => expect(await navLinks()).toEqual(['Panel', 'Bonus Talepleri', 'Onay Bekleyen']), WAIT);
  });

  it('a screen the server does not give shows the no-permission page; one it gives opens, whatever the role', async () => {
    const agent = abilitiesOf('agent', projectIds);
    signedIn('agent', { ...agent, global: { ...agent.global, screens: { ...agent.global.screens, reports: true, bonus: false } } });
    renderAt('/bonus');
    expect(await screen.findByText('Bu sayfayı görüntüleme yetkiniz yok.', {}, WAIT)).toBeInTheDocument();
    expect(await navLinks()).toContain('Raporlar');
  });

  it('the request button follows the active project’s abilities', async () => {
    const withCreate = abilitySetOf('operator');
    const withoutCreate = abilitySetOf('agent');
    signedIn('operator', { global: withCreate, projects: { [PROJECTS[0]!.id]: withCreate, [PROJECTS[1]!.id]: withoutCreate } });
    renderAt('/bonus');
    expect(await screen.findByRole('button', { name: 'Yeni Talep' }, WAIT)).toBeInTheDocument();
    act(() => useSessionStore.getState().selectProject(PROJECTS[1]!.id));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Yeni Talep' })).toBeNull(), WAIT);
  });

  it('follows a new /api/auth/me answer when the window regains focus', async () => {
    const server = signedIn('agent', abilitiesOf('agent', projectIds));
    renderAt('/bonus');
    await waitFor(async () => expect(await navLinks()).not.toContain('Routing Kuralları'), WAIT);
    await waitFor(() => expect(server.meCalls()).toBeGreaterThan(0), WAIT);

    // Promoted on the server meanwhile: the next /me answer carries the manager's screens.
    const promoted = sessionUser('manager', { abilities: abilitiesOf('manager', projectIds) });
    server.me.answer = () => promoted;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(async () => expect(await navLinks()).toContain('Routing Kuralları'), WAIT);
  });

  it('asks /api/auth/me again when the user switches project', async () => {
    const server = signedIn('operator', abilitiesOf('operator', projectIds));
    renderAt('/bonus');
    await waitFor(() => expect(server.meCalls()).toBe(1), WAIT);
    act(() => useSessionStore.getState().selectProject(PROJECTS[1]!.id));
    await waitFor(() => expect(server.meCalls()).toBe(2), WAIT);
  });

  it('asks /api/auth/me again when the project list shows a project the abilities do not cover', async () => {
    // The server's first /me answer still knows one project; by the time the list names the
    // second (say, a membership given meanwhile), /me answers it too.
    const server = signedIn('operator', abilitiesOf('operator', [PROJECTS[0]!.id]));
    const first = server.me.answer(1);
    const later = sessionUser('operator', { abilities: abilitiesOf('operator', projectIds) });
    server.me.answer = (n) => (n <= 1 ? first : later);
    renderAt('/bonus');
    await waitFor(() => expect(useSessionStore.getState().user?.abilities.projects[PROJECTS[1]!.id]).toBeDefined(), WAIT);
    expect(server.meCalls()).toBeGreaterThanOrEqual(2);
  });
});
