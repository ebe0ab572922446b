import { REQUEST_STATUS_LABELS, type RequestStatus } from './enums';

/**
 * The request state machine's rules (spec §4): which action moves a request from which
 * statuses to which status. The server applies them in every path (button, drag and drop,
 * API, sync), and its request policy (server/policies/request-policy.ts) reads the same table
 * for the `abilities` each answer carries, so the web app offers only moves that can succeed.
 */
export const REQUEST_ACTIONS = ['assign', 'complete', 'requeue', 'approve', 'reject'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/**
 * complete leads to 'completed', or to 'pending_approval' when the amount reaches the project's
 * approval threshold or crosses a customer limit (four eyes: the server decides which, in the move
 * operation). A second person then approves it (→ completed) or rejects it (→ back to the asker, in progress).
 */
export const REQUEST_TRANSITIONS: Record<RequestAction, { from: readonly RequestStatus[]; to: RequestStatus | readonly RequestStatus[] }> = {
  assign: { from: ['new', 'queued'], to: 'assigned' },
  complete: { from: ['assigned', 'in_progress'], to: ['completed', 'pending_approval'] },
  requeue: { from: ['assigned', 'in_progress', 'cancelled', 'error'], to: 'queued' },
  approve: { from: ['pending_approval'], to: 'completed' },
  reject: { from: ['pending_approval'], to: 'in_progress' },
};

/**
 * How a request enters (the only statuses an INSERT writes; every later change is a move above).
 * By hand it waits as 'new'; an imported one keeps the status the project's system gave it. Where
 * routing rules are active, a waiting one enters as 'queued': it waits for a rule, not for a claim.
 * The server writes the status, and for one that enters completed its completion time, from this alone.
 */
export const REQUEST_ENTRY = {
  manual: 'new',
  /** While a project routes, 'new' enters as this. */
  routed: 'queued',
} as const satisfies Record<string, RequestStatus>;

/** The status a new request is stored with. */
export function entryStatus(given: RequestStatus | undefined, routes: boolean): RequestStatus {
  const status = given ?? REQUEST_ENTRY.manual;
  return routes && status === REQUEST_ENTRY.manual ? REQUEST_ENTRY.routed : status;
}

/** Moves that 'Geri Al' can take back within DESK.undoWindowMs, and where the undo takes the request. */
export const UNDOABLE_ACTIONS = ['complete', 'requeue'] as const;
export type UndoableAction = (typeof UNDOABLE_ACTIONS)[number];
export type UndoMove = `undo_${UndoableAction}`;
/** Completed → back to its assignee; re-queued → back to its former assignee while still waiting. */
export const UNDO_TRANSITIONS: Record<UndoMove, { from: readonly RequestStatus[]; to: RequestStatus }> = {
  undo_complete: { from: ['completed'], to: 'assigned' },
  undo_requeue: { from: ['queued'], to: 'assigned' },
};
/**
 * Moves the server makes on its own, never offered as a button. Each row of a batch names its
 * target among `to`:
 * - external_close: the project's system closed the request (approved, rejected, failed…); the
 *   sync closes ours to match, whatever its status, except a completed one, which stays completed.
 * - capacity_revert: an assignment that turned out to exceed the assignee's capacity (a claim
 *   that raced routing, or a claim past capacity that becomes a reservation) goes back to the
 *   waiting status it came from, in the same transaction.
 */
export const SYSTEM_MOVES = {
  external_close: { from: ['new', 'queued', 'assigned', 'in_progress', 'pending_approval', 'cancelled', 'error'], to: ['completed', 'cancelled', 'error'] },
  capacity_revert: { from: ['assigned'], to: ['new', 'queued'] },
} as const satisfies Record<string, { from: readonly RequestStatus[]; to: readonly RequestStatus[] }>;
export type SystemMove = keyof typeof SYSTEM_MOVES;

/** Every move the server makes: the actions, their undos and its own moves. */
export type RequestMove = RequestAction | UndoMove | SystemMove;
export interface MoveRule {
  from: readonly RequestStatus[];
  /** The status the move leads to, or the statuses each moved row chooses from. */
  to: RequestStatus | readonly RequestStatus[];
}
export const REQUEST_MOVES: Record<RequestMove, MoveRule> = { ...REQUEST_TRANSITIONS, ...UNDO_TRANSITIONS, ...SYSTEM_MOVES };

/** The statuses a move may lead to. */
export function moveTargets(move: RequestMove): readonly RequestStatus[] {
  const { to } = REQUEST_MOVES[move];
  return typeof to === 'string' ? [to] : to;
}

/** The short list an assignee picks from when putting a request back ('Diğer' takes a text). */
export const REQUEUE_REASONS = ['Yanlış talep', 'Bilgi eksik', 'Yetkim yok'] as const;
export const REQUEUE_OTHER_REASON = 'Diğer';

/** The re-queue reason when none is given (spec §4: sent with the reason manual_requeue). */
export const DEFAULT_REQUEUE_REASON = 'manual_requeue';
/** The claim lease ran out: the server put the request back. */
export const LEASE_EXPIRED_REASON = 'lease_expired';

/** What a person reads for each reason code the server writes; a person's own words are shown as they are. */
export const REQUEUE_REASON_LABELS: Record<string, string> = {
  [DEFAULT_REQUEUE_REASON]: 'Manuel olarak tekrar sıraya alındı',
  [LEASE_EXPIRED_REASON]: 'Üstlenme süresi doldu; talep kendiliğinden sıraya döndü',
};

/** A reason as a person reads it (codes translated). */
export function requeueReasonText(reason: string): string {
  return Object.hasOwn(REQUEUE_REASON_LABELS, reason) ? REQUEUE_REASON_LABELS[reason]! : reason;
}

/** Whether the move may start from `status` (and, when given, lead to `to`). */
export function canTransition(action: RequestMove, status: RequestStatus, to?: RequestStatus): boolean {
  return REQUEST_MOVES[action].from.includes(status) && (to === undefined || moveTargets(action).includes(to));
}

const ACTION_VERBS: Record<RequestMove, string> = {
  assign: 'üzerine alınamaz',
  complete: 'tamamlanamaz',
  requeue: 'tekrar sıraya alınamaz',
  approve: 'onaylanamaz',
  reject: 'reddedilemez',
  undo_complete: 'tamamlanması geri alınamaz',
  undo_requeue: 'sıraya alınması geri alınamaz',
  external_close: 'proje sistemine göre kapatılamaz',
  capacity_revert: 'bekleyen duruma geri alınamaz',
};

/** Why an undo is refused (409/403), written once for server and client. */
export const UNDO_MESSAGES = {
  changedSince: 'Talep bu arada başka biri tarafından değiştirildi; geri alınamaz',
  expired: 'Geri alma süresi doldu',
  notYourMove: 'Yalnızca işlemi yapan kişi geri alabilir',
  nothingToUndo: 'Geri alınacak bir işlem yok',
} as const;

/** The 409 message for a refused move; it names the request's current status. */
export function transitionRefusedMessage(action: RequestMove, status: RequestStatus): string {
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
