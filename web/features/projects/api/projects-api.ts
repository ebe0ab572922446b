import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createProject, deleteProject, listProjects, toggleProject, updateProject } from '@common/contract/projects';
import type { ProjectFormBody } from '@common/schemas/projects';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

export interface ProjectFilters {
  search?: string;
  status?: 'all' | 'active' | 'inactive';
}

/** GET /api/projects — the caller's projects (every project for super_admin). */
export function fetchProjects(filters: ProjectFilters = {}, signal?: AbortSignal) {
  return apiCall(listProjects, { query: { search: filters.search, status: filters.status } }, { signal });
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

/** Every project list (this screen, the switcher, the session's list) refetches after a change. */
function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
}

export function useCreateProject() {
  const onSuccess = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: ProjectFormBody) => apiCall(createProject, { body }),
    onSuccess,
    meta: { success: 'Proje oluşturuldu', error: 'Proje oluşturulamadı' },
  });
}

export function useUpdateProject() {
  const onSuccess = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProjectFormBody }) => apiCall(updateProject, { params: { id }, body }),
    onSuccess,
    meta: { success: 'Proje güncellendi', error: 'Proje güncellenemedi' },
  });
}

export function useToggleProject() {
  const onSuccess = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiCall(toggleProject, { params: { id }, body: { isActive } }),
    onSuccess,
    meta: { success: 'Proje durumu güncellendi', error: 'Proje durumu güncellenemedi' },
  });
}

export function useDeleteProject() {
  const onSuccess = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => apiCall(deleteProject, { params: { id } }),
    onSuccess,
    meta: { success: 'Proje silindi', error: 'Proje silinemedi' },
  });
}
