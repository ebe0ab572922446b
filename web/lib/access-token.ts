/** True when the JWT's `exp` has passed or passes within `marginMs`. Unreadable tokens count as fresh: the server decides. */
export function tokenExpiresSoon(token: string, marginMs = 5_000, now = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' && claims.exp * 1000 <= now + marginMs;
  } catch {
    return false;
  }
}
