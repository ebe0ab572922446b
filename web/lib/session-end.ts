import { useSessionStore } from '@web/stores/session-store';
import { notify } from './notify';

/**
 * What else forgets the session's data when it ends: the query cache registers itself here when
 * it loads (after sign-in), so the sign-in page's JavaScript carries no react-query.
 */
const onEnd = new Set<() => void>();
export function onSessionEnd(forget: () => void): void {
  onEnd.add(forget);
}

/**
 * Ends the local session: the access token, user and cached data go. The route guards see the
 * store empty and send the user to /login; the project socket closes for the same reason.
 * `forced` (revoked session, failed refresh) also tells the user why.
 */
export function endSession(reason: 'logout' | 'forced'): void {
  const wasSignedIn = useSessionStore.getState().user !== null;
  useSessionStore.getState().clear();
  onEnd.forEach((forget) => forget());
  if (reason === 'forced' && wasSignedIn) {
    notify.warning('Oturum sona erdi', 'Lütfen tekrar giriş yapın.');
  }
}
