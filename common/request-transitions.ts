import { REQUEST_STATUS_LABELS, type RequestStatus } from './enums';

/**
 * The request state machine's rules (spec §4): which action moves a request from which
 * statuses to which status. The server applies them in every path (button, drag and drop,
 * API, sync); the web app reads the same table to offer only moves that can succeed.
 */
export const REQUEST_ACTIONS = ['assign', 'complete', 'requeue'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const REQUEST_TRANSITIONS: Record<RequestAction, { from: readonly RequestStatus[]; to: RequestStatus }> = {
  assign: { from: ['new', 'queued'], to: 'assigned' },
  complete: { from: ['assigned', 'in_progress'], to: 'completed' },
  requeue: { from: ['assigned', 'in_progress', 'cancelled', 'error'], to: 'queued' },
};

/** The re-queue reason when none is given (spec §4: sent with the reason manual_requeue). */
export const DEFAULT_REQUEUE_REASON = 'manual_requeue';

export function canTransition(action: RequestAction, status: RequestStatus): boolean {
  return REQUEST_TRANSITIONS[action].from.includes(status);
}

const ACTION_VERBS: Record<RequestAction, string> = {
  assign: 'üzerine alınamaz',
  complete: 'tamamlanamaz',
  requeue: 'tekrar sıraya alınamaz',
};

/** The 409 message for a refused move; it names the request's current status. */
export function transitionRefusedMessage(action: RequestAction, status: RequestStatus): string {
  return `Talep "${REQUEST_STATUS_LABELS[status]}" durumunda olduğu için ${ACTION_VERBS[action]}`;
}

/** The 409 message when someone else already holds the request. */
export function alreadyClaimedMessage(holderName: string): string {
  return `Bu talep zaten ${holderName} tarafından alınmış`;
}

/** The 409 message when a waiting request is held for another user (capacity reservation). */
export function reservedForOtherMessage(holderName: string): string {
  return `Bu talep ${holderName} için ayrılmış; yükü azaldığında ona atanacak`;
}
