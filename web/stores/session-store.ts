import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION, SETTINGS_DEFAULTS } from '@common/constants';
import type { ProjectSummary, SessionUser, Tokens } from '@common/schemas/auth';

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  /** Spec §3 persists both names; they always hold the same id. */
  projectId: number | null;
  activeProjectId: number | null;
  projects: ProjectSummary[];
  /** The server answered TOTP_SETUP_REQUIRED: the app holds the user on /totp until 2FA is on. */
  totpSetupRequired: boolean;

  signIn(tokens: Tokens, user: SessionUser): void;
  setTokens(tokens: Tokens): void;
  setUser(user: SessionUser): void;
  /** A fresh project list (login or GET /api/projects): keeps the active one if still listed, else the first. */
  setProjects(projects: ProjectSummary[]): void;
  selectProject(projectId: number): void;
  setTotpSetupRequired(required: boolean): void;
  clear(): void;
}

const signedOut = {
  token: null,
  refreshToken: null,
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

export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      signIn(tokens, user) {
        const projects = summaries(user.projects);
        const active = pickActive(projects, null);
        set({
          token: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          user,
          projects,
          projectId: active,
          activeProjectId: active,
          totpSetupRequired: false,
        });
      },
      setTokens(tokens) {
        set({ token: tokens.accessToken, refreshToken: tokens.refreshToken });
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
      partialize: ({ token, refreshToken, user, projectId, activeProjectId, projects, totpSetupRequired }) => ({
        token,
        refreshToken,
        user,
        projectId,
        activeProjectId,
        projects,
        totpSetupRequired,
      }),
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
