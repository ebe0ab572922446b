import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export interface Health {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'unused';
  databaseKind: 'pglite' | 'postgres';
  /** True when the server seeds demo data: the login form then offers the demo account. */
  demo?: boolean;
}

export type HealthView = { state: 'ok' | 'degraded' | 'offline' | 'checking'; health: Health | null };

export const HEALTH_POLL_MS = 30_000;

/** GET /api/health is public and unwrapped; a 503 still carries the body that says what is down. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, signal });
  const body = (await response.json()) as Health;
  if (typeof body?.status !== 'string') throw new Error('Geçersiz sağlık yanıtı');
  return body;
}

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
