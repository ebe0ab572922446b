import { useQuery } from '@tanstack/react-query';
import { fetchHealth, type Health } from './fetch-health';
import { queryKeys } from './query-keys';

export { fetchHealth, type Health } from './fetch-health';

export type HealthView = { state: 'ok' | 'degraded' | 'offline' | 'checking'; health: Health | null };

export const HEALTH_POLL_MS = 30_000;

/** The server's real state, polled; `offline` when it cannot be reached at all. */
export function useHealth(options: { poll?: boolean } = {}): HealthView {
  const query = useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: options.poll === false ? false : HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
    retry: false,
  });
  if (query.data && !query.isError) return { state: query.data.status, health: query.data };
  if (query.isError) return { state: 'offline', health: null };
  return { state: 'checking', health: null };
}
