import { QueryClient } from '@tanstack/react-query';
import { API_CLIENT, FRESHNESS } from '@common/constants';
import { ApiError } from './api-error';
import { createMutationCache } from './mutation-toasts';
import { onSessionEnd } from './session-end';

/**
 * A 4xx will answer the same again; a network or server failure is tried once more, after a short
 * pause, so a screen says 'Sunucuya ulaşılamıyor' within a few seconds instead of spinning through
 * backoffs. A timeout already waited long enough.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.isClientError || error.code === 'TIMEOUT')) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: FRESHNESS.tableRequests,
        retry: shouldRetry,
        retryDelay: API_CLIENT.retryDelayMs,
        refetchOnWindowFocus: true,
        // With the browser offline, 'online' mode would pause the fetch and leave its spinner forever: try, and fail visibly.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's one cache; tests create their own with createQueryClient(). */
export const queryClient = createQueryClient();
onSessionEnd(() => queryClient.clear());
