import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { disableTotp, enableTotp, getTotpStatus, regenerateBackupCodes, setupTotp } from '@common/contract/totp';
import { TOTP_MESSAGES } from '@common/schemas/totp';
import { apiCall } from '@web/lib/api-call';
import { useSessionStore } from '@web/stores/session-store';

export const totpKeys = { status: ['auth', 'totp', 'status'] as const };

/** GET /api/auth/totp/backup-codes — whether 2FA is on and how many backup codes are left. */
export const totpStatusQuery = () =>
  queryOptions({ queryKey: totpKeys.status, queryFn: ({ signal }) => apiCall(getTotpStatus, {}, { signal }) });

export function useTotpStatus() {
  return useQuery(totpStatusQuery());
}

/** POST /api/auth/totp/setup — a new pending secret (the QR's URI and the manual key). */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => apiCall(setupTotp, {}), meta: { error: { title: TOTP_MESSAGES.setupFailed } } });
}

/** POST /api/auth/totp/enable — the backup codes come back once; a required setup is then done. */
export function useEnableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiCall(enableTotp, { body: { token } }),
    onSuccess: () => {
      useSessionStore.getState().setTotpSetupRequired(false);
      void client.invalidateQueries({ queryKey: totpKeys.status });
    },
    meta: { success: { title: TOTP_MESSAGES.enabled }, error: { title: TOTP_MESSAGES.verifyFailed } },
  });
}

export function useRegenerateBackupCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiCall(regenerateBackupCodes, { body: { token } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: totpKeys.status }),
    meta: { success: { title: TOTP_MESSAGES.regenerated }, error: { title: TOTP_MESSAGES.regenerateFailed } },
  });
}

export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; token: string }) => apiCall(disableTotp, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: totpKeys.status }),
    meta: { success: { title: TOTP_MESSAGES.disabled }, error: { title: TOTP_MESSAGES.disableFailed } },
  });
}
