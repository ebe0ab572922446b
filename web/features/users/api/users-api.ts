import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '@common/enums';
import type { UserCreateBody, UserUpdateBody } from '@common/schemas/users';
import { resetUserTotp } from '@common/contract/totp';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { createUser, listUsers, resetUserPassword, updateUser } from '@common/contract/users';
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
    queryFn: ({ signal }) => apiCall(listUsers, { query: { ...filters, projectId } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(projectId: number, filters: UserFilters) {
  return useQuery(usersQuery(projectId, filters));
}

export function useCreateUser(projectId: number) {
  const invalidate = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: (body: UserCreateBody) => apiCall(createUser, { body }),
    onSuccess: invalidate,
    meta: { success: 'Kullanıcı oluşturuldu', error: 'Kullanıcı oluşturulamadı' },
  });
}

export function useUpdateUser(projectId: number) {
  const invalidate = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => apiCall(updateUser, { params: { id }, body }),
    onSuccess: invalidate,
    meta: { success: 'Kullanıcı güncellendi', error: 'Kullanıcı güncellenemedi' },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) => apiCall(resetUserPassword, { params: { id } }),
    // Success shows the one-time password instead of a toast.
    meta: { error: 'Şifre sıfırlanamadı' },
  });
}

/** POST /api/users/:userId/totp/reset — lost device: 2FA off, the user's sessions end. */
export function useResetUserTotp(projectId: number) {
  const onSuccess = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: number; reason: string }) => apiCall(resetUserTotp, { params: { userId }, body: { reason } }),
    onSuccess,
    meta: { success: TOTP_MESSAGES.resetDone, error: TOTP_MESSAGES.resetFailed },
  });
}
