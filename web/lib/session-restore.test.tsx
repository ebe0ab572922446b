import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION } from '@common/constants';
import { RequireSession } from '@web/app/guards';
import { useSessionStore } from '@web/stores/session-store';
import { json, mockFetch } from '@web/test/fetch-mock';
import { sessionUser, signInAs, signOutStore } from '@web/test/session-fixtures';
import { followOtherTabs } from './session-restore';

/** After a reload the page knows the user (bonus-auth) but holds no access token: a page load, as the store sees it. */
function reloaded() {
  signInAs('admin');
  useSessionStore.setState({ token: null });
}

function renderProtected() {
  render(
    <MemoryRouter initialEntries={['/panel']}>
      <Routes>
        <Route
          path="/panel"
          element={
            <RequireSession>
              <p>Panel içeriği</p>
            </RequireSession>
          }
        />
        <Route path="/login" element={<p>Giriş sayfası</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('restoring the session after a reload', () => {
  afterEach(() => signOutStore());

  it('trades the refresh cookie for an access token (with the CSRF header) and stays signed in', async () => {
    reloaded();
    const { calls } = mockFetch(() => json(200, { success: true, data: { tokens: { accessToken: 'restored-1' } } }));
    renderProtected();
    expect(await screen.findByText('Panel içeriği')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ url: '/api/auth/refresh', method: 'POST', csrf: 'csrf-1', authorization: null })]);
    expect(useSessionStore.getState().token).toBe('restored-1');
  });

  it('a refused refresh (the session ended meanwhile) signs out to /login', async () => {
    reloaded();
    mockFetch(() => json(401, { success: false, code: 'SESSION_UNKNOWN', message: 'Session ID unknown' }));
    renderProtected();
    expect(await screen.findByText('Giriş sayfası')).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('a server that cannot answer keeps the session and offers to try again', async () => {
    reloaded();
    let down = true;
    mockFetch(() => (down ? json(503, { success: false, message: 'Servis şu anda kullanılamıyor' }) : json(200, { success: true, data: { tokens: { accessToken: 'restored-2' } } })));
    renderProtected();
    expect(await screen.findByText('Sunucuya ulaşılamadı')).toBeInTheDocument();
    expect(useSessionStore.getState().user).not.toBeNull();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: /Tekrar Dene/ }));
    expect(await screen.findByText('Panel içeriği')).toBeInTheDocument();
  });
});

describe('following the other tabs', () => {
  let stop: () => void;
  beforeEach(() => {
    stop = followOtherTabs();
  });
  afterEach(() => {
    stop();
    signOutStore();
  });

  const storageEvent = (state: unknown) =>
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION.storageKey, newValue: state === null ? null : JSON.stringify({ state, version: 1 }) }));
    });

  it('a sign-out in another tab signs this tab out', () => {
    signInAs('admin');
    storageEvent({ user: null, projects: [], projectId: null, activeProjectId: null, totpSetupRequired: false });
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('a sign-in of another user in another tab drops this tab’s token, so it restores the session the cookie now holds', async () => {
    signInAs('admin');
    const other = sessionUser('agent', { id: 99, username: 'agent1' });
    localStorage.setItem(SESSION.storageKey, JSON.stringify({ state: { user: other, projects: [], projectId: null, activeProjectId: null, totpSetupRequired: false }, version: 1 }));
    storageEvent({ user: other });
    await act(async () => undefined);
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: { username: 'agent1' } });
  });

  it('a refresh of this tab’s user elsewhere changes nothing here', () => {
    signInAs('admin');
    storageEvent({ user: sessionUser('admin') });
    expect(useSessionStore.getState().token).toBe('access-1');
  });
});
