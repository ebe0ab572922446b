import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '@common/enums';
import { changeUserRole, listUsers } from '@common/contract/users';
import type { UserRoleBody } from '@common/schemas/users';
import { apiCall } from '@web/lib/api-call';
import { useInvalidateUsers } from '@web/entities/user/user-account-actions';
import { queryKeys } from '@web/lib/query-keys';

export interface RoleUserFilters {
  search?: string;
  role?: Role;
  page: number;
  limit: number;
}

/** GET /api/users with search and role, scoped to the active project (the same cache family as /users). */
export function roleUsersQuery(projectId: number, filters: RoleUserFilters) {
  return queryOptions({
    queryKey: queryKeys.project(projectId).scope('users', { view: 'roles', ...filters }),
    queryFn: ({ signal }) => apiCall(listUsers, { query: { ...filters, projectId } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoleUsers(projectId: number, filters: RoleUserFilters) {
  return useQuery(roleUsersQuery(projectId, filters));
}

/** PATCH /api/users/:id/role — role and active flag in one change (one audit row). */
export function useChangeRole(projectId: number) {
  const onSuccess = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserRoleBody }) => apiCall(changeUserRole, { params: { id }, body }),
    onSuccess,
    meta: { success: 'Kullanıcı güncellendi', error: 'Kullanıcı güncellenemedi' },
  });
}

