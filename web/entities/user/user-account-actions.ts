import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, type User } from '@common/schemas/users';
import { useConfirm } from '@web/components/ui';
import { deleteUser, toggleUser } from '@common/contract/users';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

/**
 * What the user screens (/users and /role-management) share about an account: its list
 * cache, and activating, deactivating and deleting it with the spec's toasts (§8) and the
 * delete confirmation (§5).
 */

/** Every user list of the project (both screens') refetches after a change. */
export function useInvalidateUsers(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId).scope('users') });
}

/** PATCH /api/users/:id/toggle — the button sends the opposite of the current value. */
export function useToggleUser(projectId: number) {
  const onSuccess = useInvalidateUsers(projectId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiCall(toggleUser, { params: { id }, body: { isActive } }),
    onSuccess,
    meta: { success: 'Kullanıcı durumu güncellendi', error: 'Kullanıcı durumu güncellenemedi' },
  });
}

/** DELETE /api/users/:id */
export function useDeleteUser(projectId: number) {
  const onSuccess = useInvalidateUsers(projectId);
  return useMutation({ mutationFn: (id: number) => apiCall(deleteUser, { params: { id } }), onSuccess, meta: { success: 'Kullanıcı silindi', error: 'Kullanıcı silinemedi' } });
}

/** The row handlers both screens give their tables; `busyId` is the row whose toggle is under way. */
export function useUserAccountActions(projectId: number) {
  const confirm = useConfirm();
  const toggle = useToggleUser(projectId);
  const remove = useDeleteUser(projectId);
  const busyId = toggle.isPending ? toggle.variables.id : null;

  const onToggle = (user: User) => toggle.mutate({ id: user.id, isActive: !user.isActive });

  const onDelete = async (user: User) => {
    if (await confirm({ title: USER_MESSAGES.deleteConfirm, message: `${user.fullName} (${user.username})`, confirmLabel: 'Sil' })) remove.mutate(user.id);
  };

  return { busyId, onToggle, onDelete };
}
