import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@common/schemas/projects';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface ProjectFilters {
  search?: string;
  status?: 'all' | 'active' | 'inactive';
}

/** GET /api/projects — the caller's projects (every project for super_admin). */
export function fetchProjects(filters: ProjectFilters = {}, signal?: AbortSignal): Promise<Project[]> {
  return api.get<Project[]>('/api/projects', { query: { search: filters.search, status: filters.status }, signal });
}

export function projectsQuery(filters: ProjectFilters = {}) {
  return queryOptions({
    queryKey: queryKeys.projects(filters),
    queryFn: ({ signal }) => fetchProjects(filters, signal),
    staleTime: 60_000,
  });
}

export function useProjects(filters: ProjectFilters = {}) {
  return useQuery(projectsQuery(filters));
}
