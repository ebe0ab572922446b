import { useQuery } from '@tanstack/react-query';
import { getHealth, healthSchema, type Health } from '@common/contract/health';
import { queryKeys } from './query-keys';
import { reportAnswer, reportNoAnswer, useServerReachable } from './server-reach';

export type { Health };

export type HealthView = { state: 'ok' | 'degraded' | 'offline' | 'checking'; health: Health | null };

export const HEALTH_POLL_MS = 30_000;

/** GET /api/health is public and unwrapped; a 503 still carries the body that says what is down. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  let response: Response;
  try {
    response = await fetch(getHealth.path, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (!signal?.aborted) reportNoAnswer();
    throw error;
  }
  if (response.status === 502 || response.status === 504) reportNoAnswer();
  else reportAnswer();
  const parsed = healthSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('Geçersiz sağlık yanıtı');
  return parsed.data;
}

/** The server's real state, polled; `offline` when it cannot be reached at all, by this poll or by any API call. */
export function useHealth(options: { poll?: boolean } = {}): HealthView {
  const reachable = useServerReachable();
  const query = useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: options.poll === false ? false : HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
    retry: false,
  });
  if (!reachable) return { state: 'offline', health: null };
  if (query.data && !query.isError) return { state: query.data.status, health: query.data };
  if (query.isError) return { state: 'offline', health: null };
  return { state: 'checking', health: null };
}
