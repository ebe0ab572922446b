// Without react-query, so the sign-in page can ask for it before the signed-in chunks load.
export interface Health {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  redis: 'up' | 'down' | 'unused';
  databaseKind: 'pglite' | 'postgres';
  /** True when the server seeds demo data: the login form then offers the demo account. */
  demo?: boolean;
}

/** GET /api/health is public and unwrapped; a 503 still carries the body that says what is down. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, signal });
  const body = (await response.json()) as Health;
  if (typeof body?.status !== 'string') throw new Error('Geçersiz sağlık yanıtı');
  return body;
}
