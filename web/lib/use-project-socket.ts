import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isServerEvent, type ClientEvent, type ClientEventArgs, type ServerEvent } from '@common/contract/socket-events';
import { useSessionStore } from '@web/stores/session-store';
import { useServerReachable } from './server-reach';
import { projectSocket, RESYNC_EVENT, warnProjectRequired, type LiveEvent, type LivePayload, type SocketStatus } from './socket';

function subscribe(listener: () => void) {
  return projectSocket.subscribeStatus(listener);
}
function getStatus(): SocketStatus {
  return projectSocket.getStatus();
}

/**
 * The live connection as components see it: `connected` drives 'Bağlı' / 'Canlı' badges. It
 * needs the socket up and the API answering: a socket that still looks open while calls get no
 * answer (a half-open connection, a proxy) shows nothing live either.
 */
export function useProjectSocket() {
  const status = useSyncExternalStore(subscribe, getStatus, getStatus);
  const reachable = useServerReachable();
  return {
    status,
    connected: status === 'connected' && reachable,
    reconnect: () => projectSocket.reconnect(),
    emit: <E extends ClientEvent>(event: E, ...args: ClientEventArgs<E>) => projectSocket.emit(event, ...args),
  };
}

/** Calls `handler` for each `event` from the server while the component is mounted; the payload's type follows the event. */
export function useSocketEvent<E extends LiveEvent>(event: E, handler: (payload: LivePayload<E>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => projectSocket.on(event, (payload) => latest.current(payload)), [event]);
}

/**
 * Marks queries stale when any of `events` arrives, so what is on screen refetches:
 * `useLiveInvalidation(REQUEST_EVENTS, [queryKeys.project(id).scope('requests')])`.
 * Keys are prefixes: ['project', 3, 'requests'] covers every page and filter.
 * They also refetch after a reconnect and when events were missed (RESYNC_EVENT).
 */
export function useLiveInvalidation(events: readonly ServerEvent[], queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  useEffect(() => {
    keys.current = queryKeys;
  });
  const eventList = events.join('|');
  useEffect(() => {
    const names: LiveEvent[] = eventList ? [...eventList.split('|').filter(isServerEvent), RESYNC_EVENT] : [];
    const unsubscribes = names.map((event) =>
      projectSocket.on(event, () => {
        for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
      }),
    );
    return () => unsubscribes.forEach((off) => off());
  }, [eventList, queryClient]);
}

/**
 * Owned by the signed-in frame: keeps the socket connected to the active project, moves
 * it when the project changes, and closes it on sign-out.
 */
export function useProjectSocketConnection(): void {
  const signedIn = useSessionStore((s) => s.token !== null);
  const projectId = useSessionStore((s) => s.activeProjectId);
  useEffect(() => {
    if (!signedIn) {
      projectSocket.stop();
      return;
    }
    if (projectId === null) {
      projectSocket.stop();
      warnProjectRequired();
      return;
    }
    projectSocket.start(projectId);
  }, [signedIn, projectId]);
  useEffect(() => () => projectSocket.stop(), []);
}
