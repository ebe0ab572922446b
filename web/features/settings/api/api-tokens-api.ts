import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiToken, listApiTokens, revokeApiToken } from '@common/contract/api-tokens';
import { API_TOKEN_MESSAGES, type CreateApiTokenBody } from '@common/schemas/api-tokens';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

const tokensKey = (projectId: number) => queryKeys.project(projectId).scope('api-tokens');

export function useApiTokens(projectId: number) {
  return useQuery({ queryKey: tokensKey(projectId), queryFn: ({ signal }) => apiCall(listApiTokens, { params: { projectId } }, { signal }) });
}

/** The answer carries the token once; the form shows server messages on its fields (no toast on failure). */
export function useCreateApiToken(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => apiCall(createApiToken, { params: { projectId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokensKey(projectId) }),
    meta: { success: API_TOKEN_MESSAGES.created },
  });
}

export function useRevokeApiToken(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => apiCall(revokeApiToken, { params: { projectId, tokenId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: tokensKey(projectId) }),
    meta: { success: API_TOKEN_MESSAGES.revoked, error: 'API anahtarı iptal edilemedi' },
  });
}
