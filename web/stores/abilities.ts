import type { Action, Screen } from '@common/schemas/abilities';
import { useSessionStore } from './session-store';

/**
 * What the signed-in user may see and do, as the server answered it (login and
 * GET /api/auth/me, kept in the session's user). The web app never reads the role matrix:
 * the menu, the screens' gates and the buttons ask these. The server checks every call anyway.
 */

/** Whether the screen is the user's: the menu lists it, a direct visit shows it. Undefined while the server has not said. */
export function useScreenAbility(screen: Screen): boolean | undefined {
  return useSessionStore((s) => s.user?.abilities?.global.screens[screen]);
}

/** The screens the user may open. */
export function useScreenAbilities(): Partial<Record<Screen, boolean>> {
  return useSessionStore((s) => s.user?.abilities?.global.screens) ?? {};
}

/** An action that belongs to no project (the system settings). */
export function useGlobalAction(action: Action): boolean {
  return useSessionStore((s) => s.user?.abilities?.global.actions[action] === true);
}

/** An action in a project: false for no project or one the server gave no abilities for. */
export function useProjectAction(projectId: number | null, action: Action): boolean {
  return useSessionStore((s) => (projectId === null ? false : s.user?.abilities?.projects[projectId]?.actions[action] === true));
}

/** A screen's data in one project (a card of another project reads its sync status). */
export function useProjectScreen(projectId: number | null, screen: Screen): boolean {
  return useSessionStore((s) => (projectId === null ? false : s.user?.abilities?.projects[projectId]?.screens[screen] === true));
}
