import { useCallback, useEffect, useRef, useState } from 'react';
import { DESK } from '@common/constants';

/** Where a claim stands while its card is held in place: sent, claimed, or reserved (the caller was at capacity). */
export type HoldPhase = 'pending' | 'claimed' | 'reserved';

/**
 * The claims whose cards are held in place. A session runs from the first claim until the last
 * hold has ended; lists that held a claimed request when it began stay as they were for the
 * session (see useHeldItems).
 */
export interface ClaimHolds {
  session: number | null;
  phases: ReadonlyMap<number, HoldPhase>;
}

/**
 * The holds of one screen: `begin` when a claim is sent, `settle` when it is answered (the card
 * then stays, saying so, for DESK.claimedHoldMs), `release` when it failed (the card acts again at once).
 */
export function useClaimHolds() {
  const [holds, setHolds] = useState<ClaimHolds>({ session: null, phases: new Map() });
  const sessions = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const update = useCallback((change: (phases: Map<number, HoldPhase>) => void) => {
    setHolds((old) => {
      const phases = new Map(old.phases);
      change(phases);
      if (phases.size === 0) return { session: null, phases };
      return { session: old.session ?? ++sessions.current, phases };
    });
  }, []);
  const release = useCallback((requestId: number) => update((phases) => phases.delete(requestId)), [update]);
  const begin = useCallback((requestId: number) => update((phases) => phases.set(requestId, 'pending')), [update]);
  const settle = useCallback(
    (requestId: number, phase: Exclude<HoldPhase, 'pending'>) => {
      update((phases) => phases.set(requestId, phase));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        release(requestId);
      }, DESK.claimedHoldMs);
      timers.current.add(timer);
    },
    [update, release],
  );
  return { holds, begin, settle, release };
}

/**
 * A list as it should be shown while claims are held: if it held a claimed request when the
 * session began, the items of that moment, unchanged by reloads (a live event, the claim's own
 * refetch, another page) until the session ends; otherwise the items as they are. So no card
 * slides into the place of a claimed one while a second click may still come.
 */
export function useHeldItems<T extends { id: number }>(items: T[], holds: ClaimHolds): T[] {
  const [frozen, setFrozen] = useState<{ session: number | null; items: T[] | null }>({ session: null, items: null });
  if (frozen.session !== holds.session) {
    // Derived from the previous render (React re-renders at once): the list of the session's first render.
    const involved = holds.session !== null && items.some((item) => holds.phases.has(item.id));
    setFrozen({ session: holds.session, items: involved ? items : null });
    return items;
  }
  return frozen.items ?? items;
}

/** The hold of a request shown as claimed (inert, in place), if any. */
export function heldPhase(holds: ClaimHolds, requestId: number): Exclude<HoldPhase, 'pending'> | null {
  const phase = holds.phases.get(requestId);
  return phase === 'claimed' || phase === 'reserved' ? phase : null;
}
