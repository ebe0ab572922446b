import { afterEach, describe, expect, it } from 'vitest';
import { PROJECTS, signInAs } from '@web/test/session-fixtures';
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

  it("persists the session under 'bonus-auth'", () => {
    signInAs('admin');
    const stored = JSON.parse(localStorage.getItem('bonus-auth') ?? '{}') as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ token: 'access-1', refreshToken: 'refresh-1', projectId: 1, activeProjectId: 1 });
    expect(stored.state).not.toHaveProperty('signIn');
  });
});
