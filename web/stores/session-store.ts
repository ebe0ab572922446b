import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION, SETTINGS_DEFAULTS } from '@common/constants';
import type { ProjectSummary, SessionUser, Tokens } from '@common/schemas/auth';

/**
 * The signed-in session. The access token lives in memory only: it is never written to storage, so
 * a script injected into the page finds no token there. The refresh token is not here at all (an
 * HttpOnly cookie the server sets). `bonus-auth` in localStorage keeps only what is no secret (the
 * user, the projects, the active one), so a reload knows who was signed in and restores the access
 * token with a refresh (web/lib/session-restore.ts).
 */
export interface SessionState {
  /** The access token, in memory only. Null after a reload until the session is restored. */
  token: string | null;
  user: SessionUser | null;
  /** Spec §3 persists both names; they always hold the same id. */
  projectId: number | null;
  activeProjectId: number | null;
  projects: ProjectSummary[];
  /** The server answered TOTP_SETUP_REQUIRED: the app holds the user on /totp until 2FA is on. */
  totpSetupRequired: boolean;

  signIn(tokens: Tokens, user: SessionUser): void;
  setAccessToken(token: string): void;
  setUser(user: SessionUser): void;
  /** A fresh project list (login or GET /api/projects): keeps the active one if still listed, else the first. */
  setProjects(projects: ProjectSummary[]): void;
  selectProject(projectId: number): void;
  setTotpSetupRequired(required: boolean): void;
  clear(): void;
}

const signedOut = {
  token: null,
  user: null,
  projectId: null,
  activeProjectId: null,
  projects: [] as ProjectSummary[],
  totpSetupRequired: false,
};

function pickActive(projects: ProjectSummary[], current: number | null): number | null {
  if (current !== null && projects.some((p) => p.id === current)) return current;
  return projects[0]?.id ?? null;
}

function summaries(projects: ProjectSummary[]): ProjectSummary[] {
  return projects.map(({ id, code, name, timezone }) => ({ id, code, name, timezone }));
}

type Persisted = Pick<SessionState, 'user' | 'projectId' | 'activeProjectId' | 'projects' | 'totpSetupRequired'>;

/** What `bonus-auth` holds: nothing secret. */
function persisted({ user, projectId, activeProjectId, projects, totpSetupRequired }: SessionState): Persisted {
  return {
    user: user ?? null,
    projectId: projectId ?? null,
    activeProjectId: activeProjectId ?? null,
    projects: projects ?? [],
    totpSetupRequired: totpSetupRequired ?? false,
  };
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      signIn(tokens, user) {
        const projects = summaries(user.projects);
        const active = pickActive(projects, null);
        set({
          token: tokens.accessToken,
          user,
          projects,
          projectId: active,
          activeProjectId: active,
          totpSetupRequired: false,
        });
      },
      setAccessToken(token) {
        set({ token });
      },
      setUser(user) {
        set({ user });
      },
      setProjects(list) {
        const projects = summaries(list);
        const active = pickActive(projects, get().activeProjectId);
        set({ projects, projectId: active, activeProjectId: active });
      },
      selectProject(projectId) {
        if (!get().projects.some((p) => p.id === projectId)) return;
        set({ projectId, activeProjectId: projectId });
      },
      setTotpSetupRequired(required) {
        if (get().totpSetupRequired !== required) set({ totpSetupRequired: required });
      },
      clear() {
        set({ ...signedOut });
      },
    }),
    {
      name: SESSION.storageKey,
      storage: createJSONStorage(() => localStorage),
      partialize: persisted,
      // Version 0 kept both tokens here: the first load of this version drops them (and writes the store back).
      version: 1,
      migrate: (stored) => persisted(stored as SessionState),
      // Only the non-secret keys are ever taken from storage, whatever an older or altered copy holds.
      merge: (stored, current) => ({ ...current, ...persisted((stored ?? {}) as SessionState) }),
    },
  ),
);

/** The active project's summary, or null when the user has none. */
export function useActiveProject(): ProjectSummary | null {
  return useSessionStore((s) => s.projects.find((p) => p.id === s.activeProjectId) ?? null);
}

/** The active project's time zone (its settings; the product default before the list arrives). */
export function useProjectTimeZone(): string {
  return useSessionStore((s) => s.projects.find((p) => p.id === s.activeProjectId)?.timezone) ?? SETTINGS_DEFAULTS.timezone;
}
