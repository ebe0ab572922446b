import { useEffect, useState } from 'react';
import { SESSION } from '@common/constants';
import { useSessionStore } from '@web/stores/session-store';
import { refreshAccessToken } from './api-client';
import { endSession } from './session-end';

export type SessionStatus = 'signed-in' | 'signed-out' | 'restoring' | 'unreachable';

/**
 * Whether the user is signed in, restoring the session when the page knows a user but holds no
 * access token (after a reload, or in a new tab): the refresh cookie is traded for one. A refused
 * refresh ends the session (the guards show /login); a server that cannot answer gives
 * 'unreachable' and `retry`, keeping the session.
 */
export function useSessionStatus(): { status: SessionStatus; retry: () => void } {
  const hasUser = useSessionStore((s) => s.user !== null);
  const hasToken = useSessionStore((s) => s.token !== null);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const restoring = hasUser && !hasToken;
  useEffect(() => {
    if (!restoring) return;
    // Single-flight: React's double effects and every guard on the page share one refresh.
    refreshAccessToken().catch(() => {
      if (useSessionStore.getState().user !== null) setFailedAttempt(attempt);
    });
  }, [restoring, attempt]);
  const status: SessionStatus = !hasUser ? 'signed-out' : hasToken ? 'signed-in' : failedAttempt === attempt ? 'unreachable' : 'restoring';
  return { status, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Keeps this tab in step with the others (they share the sign-in cookies and `bonus-auth`): a
 * sign-out elsewhere signs this tab out; a sign-in elsewhere (or another user's) makes this tab
 * drop its own access token and restore the session the cookie now holds.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION.storageKey && event.key !== null) return;
    const storedUserId = storedUser(event.newValue);
    const here = useSessionStore.getState().user;
    if (storedUserId === null) {
      if (here !== null) endSession('logout');
    } else if (here?.id !== storedUserId) {
      // The stored copy first (setting anything writes this tab's copy back), then the token goes.
      void Promise.resolve(useSessionStore.persist.rehydrate()).then(() => useSessionStore.setState({ token: null }));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function storedUser(raw: string | null): number | null {
  try {
    const parsed = JSON.parse(raw ?? 'null') as { state?: { user?: { id?: unknown } | null } } | null;
    const id = parsed?.state?.user?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
