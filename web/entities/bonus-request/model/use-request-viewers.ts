import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import type { RequestViewer, RequestViewers } from '@common/schemas/request-viewers';
import { SOCKET_EVENTS } from '@common/socket-events';
import { projectSocket, RESYNC_EVENT } from '@web/lib/socket';
import { useSessionStore } from '@web/stores/session-store';

/**
 * Who else has a request's detail open (issue 31): one map requestId → viewers for the whole app,
 * kept from the socket, read by the detail, board cards and table rows.
 */
const useViewersStore = create<{ byRequest: ReadonlyMap<number, RequestViewer[]> }>(() => ({ byRequest: new Map() }));

function applyList({ requestId, viewers }: RequestViewers): void {
  useViewersStore.setState(({ byRequest }) => {
    const next = new Map(byRequest);
    if (viewers.length > 0) next.set(requestId, viewers);
    else next.delete(requestId);
    return { byRequest: next };
  });
}

function replaceAll(lists: RequestViewers[]): void {
  useViewersStore.setState({ byRequest: new Map(lists.filter((l) => l.viewers.length > 0).map((l) => [l.requestId, l.viewers])) });
}

/**
 * Mounted once by the signed-in frame, beside the socket connection: the lists so far arrive as
 * the socket joins the project's room, before any screen that shows them may have loaded.
 */
export function useRequestViewersFeed(): void {
  useEffect(() => {
    const offs = [projectSocket.on(SOCKET_EVENTS.requestViewers, applyList), projectSocket.on(SOCKET_EVENTS.requestViewersSnapshot, ({ lists }) => replaceAll(lists))];
    return () => {
      offs.forEach((off) => off());
      replaceAll([]);
    };
  }, []);
}

const NOBODY: RequestViewer[] = [];

/** The others looking at the request: this user's own screens are left out. */
export function useRequestViewers(requestId: number): RequestViewer[] {
  const all = useViewersStore((s) => s.byRequest.get(requestId) ?? NOBODY);
  const selfId = useSessionStore((s) => s.user?.id);
  return useMemo(() => (all.some((v) => v.userId === selfId) ? all.filter((v) => v.userId !== selfId) : all), [all, selfId]);
}

/**
 * Tells the server this screen has the request open, and that it closed. Said again after a
 * reconnect: the new socket on the server knows nothing of the old one's.
 */
export function useAnnounceViewing(requestId: number | null): void {
  useEffect(() => {
    if (requestId === null) return;
    const announce = () => projectSocket.emit(SOCKET_EVENTS.requestViewing, { requestId });
    announce();
    const off = projectSocket.on(RESYNC_EVENT, ({ reason }) => {
      if (reason === 'reconnect') announce();
    });
    return () => {
      off();
      projectSocket.emit(SOCKET_EVENTS.requestLeft, { requestId });
    };
  }, [requestId]);
}
