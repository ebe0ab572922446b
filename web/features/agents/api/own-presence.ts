import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AgentStatus } from '@common/enums';
import { SOCKET_EVENTS } from '@common/socket-events';
import { getOwnStatus, setOwnStatus as setOwnStatusEndpoint } from '@common/contract/agents';
import { apiCall } from '@web/lib/api-call';
import { errorMessage } from '@web/lib/api-error';
import { notify } from '@web/lib/notify';
import { projectSocket } from '@web/lib/socket';
import { useSocketEvent } from '@web/lib/use-project-socket';

/** At most one 'activity' signal a minute: enough for the 5-minute away threshold. */
const ACTIVITY_EVERY_MS = 60_000;

/** The signed-in user's own manual status (GET /api/agents/me/status). */
export const OWN_STATUS_KEY = ['agents', 'me', 'status'] as const;

export type OwnStatus = Awaited<ReturnType<typeof fetchOwnStatus>>;

/** PUT /api/agents/me/status — 'online' returns to the automatic status and lifts a force offline. */
export function setOwnStatus(status: AgentStatus) {
  return apiCall(setOwnStatusEndpoint, { body: { status } });
}

/** GET /api/agents/me/status — null: the status follows the connection, activity and load. */
export function fetchOwnStatus(signal?: AbortSignal) {
  return apiCall(getOwnStatus, {}, { signal });
}

/**
 * The signed-in user's own presence, for the frame to mount once:
 * - tells the server the person is at the keyboard (pointer, key, scroll), so they do not
 *   turn 'away' while working;
 * - on 'forced-offline' (their sockets are closed by the server) shows why, with a way to
 *   come back online, which also reconnects the live connection.
 */
export function useOwnPresence(): void {
  useEffect(() => {
    let last = 0;
    const signal = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_EVERY_MS) return;
      last = now;
      projectSocket.emit(SOCKET_EVENTS.activity);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, signal, { passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, signal));
  }, []);

  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.forcedOffline, (notice) => {
    queryClient.setQueryData(OWN_STATUS_KEY, { manualStatus: 'offline' });
    notify.warning('Çevrimdışı yapıldınız', notice.reason ? `${notice.by}: ${notice.reason}` : `${notice.by} sizi çevrimdışı yaptı.`, {
      duration: 0,
      id: 'forced-offline',
      action: {
        label: 'Tekrar çevrimiçi ol',
        onClick: () => {
          setOwnStatus('online').then(
            (data) => {
              queryClient.setQueryData(OWN_STATUS_KEY, data);
              projectSocket.reconnect();
              notify.success('Tekrar çevrimiçisiniz');
            },
            (error) => notify.error('Durum güncellenemedi', errorMessage(error)),
          );
        },
      },
    });
  });
}
