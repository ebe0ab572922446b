import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Paged } from '@common/schemas/api';
import type { Role } from '@common/enums';
import type { User, UserCreateBody, UserUpdateBody } from '@common/schemas/users';
import { resetUserTotp } from '@common/contract/totp';
import { api } from '@web/lib/api-client';
import { apiCall } from '@web/lib/api-call';
import { useInvalidateUsers } from '@web/entities/user/user-account-actions';
import { queryKeys } from '@web/lib/query-keys';

export interface UserFilters {
  search?: string;
  role?: Role;
  status?: 'all' | 'active' | 'inactive';
  page: number;
  limit: number;
}

/** GET /api/users?projectId=… — the users of the active project (spec §6). */
export function usersQuery(projectId: number, filters: UserFilters) {
  return queryOptions({
    queryKey: queryKeys.project(projectId).scope('users', filters),
    queryFn: ({ signal }) => api.get<Paged<User>>('/api/users', { query: { ...filters, projectId }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(projectId: number, filters: UserFilters) {
  return useQuery(usersQuery(projectId, filters));
}

export function useCreateUser(projectId: number) {
  const invalidate = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: (body: UserCreateBody) => api.post<{ user: User; oneTimePassword: string | null }>('/api/users', body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser(projectId: number) {
  const invalidate = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => api.put<User>(`/api/users/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ oneTimePassword: string }>(`/api/users/${id}/reset-password`),
  });
}


/** POST /api/users/:userId/totp/reset — lost device: 2FA off, the user's sessions end. */
export function useResetUserTotp(projectId: number) {
  const onSuccess = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string }) => apiCall(resetUserTotp, { params: { userId }, body: { reason } }),
    onSuccess,
  });
}
