import { useState } from 'react';
import { endSession } from '@web/lib/session-end';
import { logout } from './session-api';

/** 'Çıkış Yap': tells the server, then clears the local session whatever the answer (offline logout still signs out here). */
export function useSignOut() {
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The server may be unreachable or the session already gone; locally we sign out regardless.
    } finally {
      setPending(false);
      endSession('logout');
    }
  };
  return { signOut, pending };
}
