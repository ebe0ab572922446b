import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers this tab's calls. The API client reports every call's outcome
 * (an answer of any status, or none at all), so the connection badges can say 'Bağlantı Yok'
 * while the socket still looks connected but nothing gets through, and come back with the
 * first answer.
 */
let reachable = true;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (reachable === next) return;
  reachable = next;
  listeners.forEach((listener) => listener());
}

/** The server answered (any status: it is there). */
export function reportAnswer(): void {
  set(true);
}

/** A call got no answer: network failure, timeout, or a gateway saying the server is not there. */
export function reportNoAnswer(): void {
  set(false);
}

export function isServerReachable(): boolean {
  return reachable;
}

export function subscribeServerReach(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeServerReach, isServerReachable, isServerReachable);
}
