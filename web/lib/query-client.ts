import { QueryClient } from '@tanstack/react-query';
import { FRESHNESS } from '@common/constants';
import { ApiError } from './api-error';
import { createMutationCache } from './mutation-toasts';
import { onSessionEnd } from './session-end';

/** A 4xx will answer the same again; only network and server failures are worth retrying. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: FRESHNESS.tableRequests,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; tests create their own with createQueryClient(). */
export const queryClient = createQueryClient();
onSessionEnd(() => queryClient.clear());
