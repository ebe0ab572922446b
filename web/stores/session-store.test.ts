import { afterEach, describe, expect, it } from 'vitest';
import { PROJECTS, sessionUser, signInAs } from '@web/test/session-fixtures';
import { useSessionStore } from './session-store';

const KRAL = { id: 3, code: 'KRAL', name: 'Kral Slot', timezone: 'UTC' };

describe('session store', () => {
  afterEach(() => useSessionStore.getState().clear());

  it('makes the first project of the user active after login, under both stored names', () => {
    signInAs('admin');
    expect(useSessionStore.getState()).toMatchObject({ activeProjectId: 1, projectId: 1, projects: PROJECTS });
  });

  it('keeps the active project when a new list still has it, else takes the first', () => {
    signInAs('admin');
    useSessionStore.getState().selectProject(2);
    useSessionStore.getState().setProjects([KRAL, ...PROJECTS]);
    expect(useSessionStore.getState().activeProjectId).toBe(2);
    useSessionStore.getState().setProjects([KRAL]);
    expect(useSessionStore.getState()).toMatchObject({ activeProjectId: 3, projectId: 3 });
    useSessionStore.getState().setProjects([]);
    expect(useSessionStore.getState().activeProjectId).toBeNull();
  });

  it('refuses to select a project the user does not have', () => {
    signInAs('admin');
    useSessionStore.getState().selectProject(99);
    expect(useSessionStore.getState().activeProjectId).toBe(1);
  });

  it("persists under 'bonus-auth' only what is no secret: the access token stays in memory", () => {
    signInAs('admin', {}, { accessToken: 'access-secret-1' });
    expect(useSessionStore.getState().token).toBe('access-secret-1');
    const raw = localStorage.getItem('bonus-auth') ?? '';
    const stored = JSON.parse(raw) as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(['activeProjectId', 'projectId', 'projects', 'totpSetupRequired', 'user']);
    expect(stored.state).toMatchObject({ projectId: 1, activeProjectId: 1, user: { username: 'admin' } });
    expect(raw).not.toContain('access-secret-1');
    useSessionStore.getState().setAccessToken('access-secret-2');
    expect(localStorage.getItem('bonus-auth')).not.toContain('access-secret-2');
  });

  it('a reload keeps the user and the active project but no token (the session is restored by a refresh)', async () => {
    signInAs('admin');
    useSessionStore.getState().selectProject(2);
    useSessionStore.setState({ user: null, token: null, activeProjectId: null, projectId: null }, false);
    // What a new page load reads: the stored copy as the last change left it (the fake reset above is not stored).
    localStorage.setItem('bonus-auth', JSON.stringify({ state: { user: sessionUser('admin'), projectId: 2, activeProjectId: 2, projects: PROJECTS, totpSetupRequired: false }, version: 1 }));
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState()).toMatchObject({ token: null, activeProjectId: 2, user: { username: 'admin' } });
  });

  it('an older stored session with both tokens loses them on the first load, and keeps the user', async () => {
    localStorage.setItem(
      'bonus-auth',
      JSON.stringify({
        state: { token: 'old-access', refreshToken: 'old-refresh', user: sessionUser('manager'), projectId: 1, activeProjectId: 1, projects: PROJECTS, totpSetupRequired: false },
        version: 0,
      }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState()).not.toHaveProperty('refreshToken');
    expect(useSessionStore.getState().user?.role).toBe('manager');
    const raw = localStorage.getItem('bonus-auth') ?? '';
    expect(raw).not.toContain('old-access');
    expect(raw).not.toContain('old-refresh');
    expect(JSON.parse(raw)).toMatchObject({ version: 1, state: { activeProjectId: 1 } });
  });

  it('takes no token from storage even when a stored copy of this version carries one', async () => {
    localStorage.setItem('bonus-auth', JSON.stringify({ state: { token: 'planted', user: sessionUser('admin'), projects: PROJECTS }, version: 1 }));
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user?.username).toBe('admin');
  });
});
