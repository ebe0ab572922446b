import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchMe } from '@web/features/auth/api/session-api';
import { useProjects } from '@web/features/projects/api/projects-api';
import { queryKeys } from '@web/lib/query-keys';
import { useSessionStore } from '@web/stores/session-store';

/**
 * Keeps the stored session true to the server while the frame is open: the user (role,
 * name) from /api/auth/me — which also finds a session revoked while the tab was closed —
 * and the project list from /api/projects (the active project stays if still listed).
 */
export function useSessionSync(): void {
  const setUser = useSessionStore((s) => s.setUser);
  const setProjects = useSessionStore((s) => s.setProjects);
  const me = useQuery({ queryKey: queryKeys.me, queryFn: ({ signal }) => fetchMe(signal), staleTime: 5 * 60_000 });
  const projects = useProjects();

  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
  useEffect(() => {
    if (projects.data) setProjects(projects.data);
  }, [projects.data, setProjects]);
}
