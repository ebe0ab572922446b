import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMe } from '@web/features/auth/api/session-api';
import { useProjects } from '@web/features/projects/api/projects-api';
import { queryKeys } from '@web/lib/query-keys';
import { useSessionStore } from '@web/stores/session-store';

/**
 * Keeps the stored session true to the server while the frame is open: the user (role,
 * name, and the abilities the menu, screens and buttons follow) from /api/auth/me — which
 * also finds a session revoked while the tab was closed — and the project list from
 * /api/projects (the active project stays if still listed).
 *
 * /api/auth/me is asked again whenever the window regains focus, when the user switches
 * project, and when the project list shows a project the abilities do not cover yet (a
 * new project, a new membership), so a change of role or membership reaches the screen.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const setUser = useSessionStore((s) => s.setUser);
  const setProjects = useSessionStore((s) => s.setProjects);
  const activeProjectId = useSessionStore((s) => s.activeProjectId);
  const me = useQuery({ queryKey: queryKeys.me, queryFn: ({ signal }) => fetchMe(signal), staleTime: 5 * 60_000, refetchOnWindowFocus: 'always' });
  const projects = useProjects();

  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
  useEffect(() => {
    if (!projects.data) return;
    setProjects(projects.data);
    const covered = useSessionStore.getState().user?.abilities?.projects ?? {};
    if (projects.data.some((p) => !(p.id in covered))) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [projects.data, setProjects, queryClient]);

  const shownProject = useRef(activeProjectId);
  useEffect(() => {
    if (shownProject.current === activeProjectId) return;
    shownProject.current = activeProjectId;
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [activeProjectId, queryClient]);
}
