import { useEffect } from 'react';
import { matchQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_CLIENT } from '@common/constants';
import { ApiError } from './api-error';
import { fetchHealth } from './health';
import { queryKeys } from './query-keys';
import { isServerReachable, subscribeServerReach } from './server-reach';

/**
 * Fetches again what failed while the server was away; a refusal (4xx) would only answer the same.
 * Not the health check: it has its own poll, and refetching it here would loop when it alone
 * cannot get through (a proxy that blocks /api/health) — its failure would mark the server
 * unreachable, the next answer reachable again, and so on, dozens of times a second.
 */
function refetchFailedQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({
    type: 'active',
    predicate: (query) =>
      query.state.status === 'error' &&
      !(query.state.error instanceof ApiError && query.state.error.isClientError) &&
      !matchQuery({ queryKey: queryKeys.health }, query),
  });
}

/**
 * Owned by the signed-in frame: while the server is unreachable, asks GET /api/health every few
 * seconds; the first answer (this probe's or any call's) brings the badges back and refetches
 * the screens that failed, so they recover without a click.
 */
export function useServerRecovery(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let probe: ReturnType<typeof setInterval> | undefined;
    const follow = () => {
      if (isServerReachable()) {
        clearInterval(probe);
        probe = undefined;
        void refetchFailedQueries(queryClient);
      } else {
        probe ??= setInterval(() => void fetchHealth().catch(() => undefined), API_CLIENT.recoveryProbeMs);
      }
    };
    const unsubscribe = subscribeServerReach(follow);
    if (!isServerReachable()) follow();
    return () => {
      unsubscribe();
      clearInterval(probe);
    };
  }, [queryClient]);
}
