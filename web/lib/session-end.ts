import { useSessionStore } from '@web/stores/session-store';
import { queryClient } from './query-client';
import { notify } from './notify';

/**
 * Ends the local session: tokens, user and cached data go. The route guards see the
 * store empty and send the user to /login; the project socket closes for the same reason.
 * `forced` (revoked session, failed refresh) also tells the user why.
 */
export function endSession(reason: 'logout' | 'forced'): void {
  const wasSignedIn = useSessionStore.getState().token !== null;
  useSessionStore.getState().clear();
  queryClient.clear();
  if (reason === 'forced' && wasSignedIn) {
    notify.warning('Oturum sona erdi', 'Lütfen tekrar giriş yapın.');
  }
}
