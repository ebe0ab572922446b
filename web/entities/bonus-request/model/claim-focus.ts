import { DESK } from '@common/constants';

/**
 * Where a claimed request's work now is: its card in 'Üzerimde', else a card or row of it shown
 * elsewhere (the /bonus table keeps the row). Never its card in the board's 'Bekleyen': until the
 * screen re-renders after the claim, that is the card it was claimed from, not where it went.
 */
function claimedCard(requestId: number): HTMLElement | null {
  const mine = document.querySelector<HTMLElement>(`[data-request-list="mine"] [data-request-card="${requestId}"]`);
  if (mine) return mine;
  return (
    [...document.querySelectorAll<HTMLElement>(`[data-request-card="${requestId}"]`)].find(
      (el) => !el.closest('[data-request-list="waiting"]') && el.getClientRects().length > 0,
    ) ?? null
  );
}

/**
 * After a claim, focus goes to the claimed card in 'Üzerimde' (where the work now is) as soon as
 * it shows, for up to DESK.claimFocusWaitMs (a slow network may take seconds); until then it rests
 * on the card held in place, which does nothing, so a second Enter cannot act on the next card.
 * Focus the person has put elsewhere meanwhile is left there. A pointer claim moves focus without
 * scrolling, so nothing moves under the pointer.
 */
export function focusClaimedWhenReady(requestId: number, scroll: boolean): void {
  const until = performance.now() + DESK.claimFocusWaitMs;
  const held = () => document.querySelector<HTMLElement>(`[data-claimed-card="${requestId}"]`);
  // The card the claim was made from, before it re-renders as held (same element, other attributes).
  const origin = document.querySelector<HTMLElement>(`[data-request-list="waiting"] [data-request-card="${requestId}"]`);
  const unattended = () => {
    const active = document.activeElement;
    return !active || active === document.body || !active.isConnected || active === held() || (origin !== null && active === origin);
  };
  const tick = () => {
    if (document.querySelector('dialog[open]')) {
      if (performance.now() < until) requestAnimationFrame(tick);
      return;
    }
    const card = claimedCard(requestId);
    if (card) {
      if (unattended()) card.focus({ preventScroll: !scroll });
      return;
    }
    const holding = held();
    if (holding && unattended()) holding.focus({ preventScroll: true });
    if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
