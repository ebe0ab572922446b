import type { KeyboardEvent } from 'react';
import type { ViewedRequest } from '@common/schemas/bonus';
import type { RequestActions } from './use-request-actions';

/** True while the user types in a field: shortcuts must then leave the keys alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/**
 * The shortcuts of one request (a card, a row, the detail dialog): Enter opens the detail
 * (when the card itself has focus), a claims, t completes (opening the confirmation), r
 * re-queues, o approves (opening the confirmation). Only moves the server says the caller may make (`request.abilities`) act.
 */
export function requestKeyHandler(request: ViewedRequest, actions: RequestActions, onOpen?: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    const can = request.abilities;
    const act = (allowed: boolean, run: () => void) => {
      event.preventDefault();
      event.stopPropagation();
      if (allowed && !actions.busy) run();
    };
    if (event.key === 'Enter' && onOpen && event.target === event.currentTarget) act(true, onOpen);
    else if (event.key === 'a') act(can.canClaim, () => void actions.claim(request, { keyboard: true }));
    else if (event.key === 't') act(can.canComplete, () => actions.complete(request));
    else if (event.key === 'r') act(can.canRequeue, () => actions.requeue(request));
    else if (event.key === 'o') act(can.canApprove, () => actions.approve(request));
  };
}
