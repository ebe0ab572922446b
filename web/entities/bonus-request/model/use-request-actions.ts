import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DESK } from '@common/constants';
import { APPROVAL_TEXTS } from '@common/approval';
import type { UndoableAction } from '@common/request-transitions';
import type { AssignResponse, BonusRequest, ViewedRequest } from '@common/schemas/bonus';
import { errorMessage } from '@web/lib/api-error';
import { formatMoney } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { type CompleteInput, useApproveRequest, useClaimRequest, useCompleteRequest, useRejectRequest, useRequeueRequest, useUndoRequest } from '../api/request-mutations';
import { myQueueQuery, requestKeys } from '../api/request-queries';
import { focusClaimedWhenReady } from './claim-focus';
import { useClaimHolds } from './claim-hold';
import { requestTitle, reservedForText, UNDO_FAILED_TEXT, UNDO_LABEL, UNDONE_TEXT } from './request-texts';

/** A screen's toast titles (spec §8: the dashboard, the kanban and the bonus screen differ). */
export interface ActionTexts {
  claimed: string;
  claimFailed: string;
  completed: string;
  completeFailed: string;
  requeued: string;
  requeueFailed: string;
}

/** Spec §4: a claim past capacity is enqueued, and says so instead of the screen's success text. */
export const ENQUEUED_TEXT = 'Atama kuyruğa alındı';

export const DASHBOARD_ACTION_TEXTS: ActionTexts = {
  claimed: 'Talep üzerinize alındı',
  claimFailed: 'İşlem başarısız',
  completed: 'Talep tamamlandı',
  completeFailed: 'Tamamlama hatası',
  requeued: 'Talep tekrar kuyruğa alındı',
  requeueFailed: 'Kuyruğa alma hatası',
};
export const KANBAN_ACTION_TEXTS: ActionTexts = {
  ...DASHBOARD_ACTION_TEXTS,
  claimFailed: 'Atama işlemi başarısız',
  completeFailed: 'Tamamlama işlemi başarısız',
};
export const BONUS_SCREEN_ACTION_TEXTS: ActionTexts = {
  ...DASHBOARD_ACTION_TEXTS,
  claimed: 'Talep başarıyla atandı',
  claimFailed: 'Atama işlemi başarısız',
  completed: 'Talep başarıyla tamamlandı',
  completeFailed: 'Tamamlama işlemi başarısız',
};

export function claimSuccessTitle(result: Pick<AssignResponse, 'enqueued'>, texts: ActionTexts): string {
  return result.enqueued ? ENQUEUED_TEXT : texts.claimed;
}

/** The next card to focus once `requestId` leaves its list: the one after it, else the one before. */
function neighbourCardId(requestId: number): string | null {
  const card = document.querySelector<HTMLElement>(`[data-request-card="${requestId}"]`);
  if (!card) return null;
  const list = card.closest('[data-request-list]') ?? card.parentElement;
  const cards = [...(list?.querySelectorAll<HTMLElement>('[data-request-card]') ?? [])];
  const at = cards.indexOf(card);
  return (cards[at + 1] ?? cards[at - 1])?.dataset.requestCard ?? null;
}

/** Focus the card's main action (else the card) as soon as it is on screen again, for up to 2 s. */
function focusCardWhenReady(cardId: string | null): void {
  if (!cardId) return;
  const until = performance.now() + 2_000;
  const tick = () => {
    const card = document.querySelector<HTMLElement>(`[data-request-card="${cardId}"]`);
    const target = card?.querySelector<HTMLElement>('[data-main-action]:not([disabled])') ?? card;
    if (target && !document.querySelector('dialog[open]')) target.focus();
    else if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Claim (as the signed-in user), complete and re-queue with their toasts, one request at a
 * time: while one runs, `processingId` names it and screens disable the other actions. The
 * error toast's text is the server's message. Completing and re-queueing first open their
 * dialog (confirmation; reason), and their success toast offers 'Geri Al' for DESK.undoWindowMs.
 * After a complete or re-queue, focus goes to the next card's main action, so the keyboard never
 * falls to <body>. A claimed card stays in place, inert, for DESK.claimedHoldMs (`holds`; lists
 * show themselves through useHeldItems), and focus goes to the claimed card in 'Üzerimde'.
 */
export function useRequestActions(projectId: number, texts: ActionTexts) {
  const [processingId, setProcessingId] = useState<number | null>(null);
  const [completing, setCompleting] = useState<BonusRequest | null>(null);
  const [requeueing, setRequeueing] = useState<BonusRequest | null>(null);
  const [approving, setApproving] = useState<BonusRequest | null>(null);
  const [rejecting, setRejecting] = useState<BonusRequest | null>(null);
  const approve = useApproveRequest(projectId);
  const reject = useRejectRequest(projectId);
  const claim = useClaimRequest(projectId);
  const complete = useCompleteRequest(projectId);
  const requeue = useRequeueRequest(projectId);
  const undo = useUndoRequest(projectId);
  const mine = useQuery(myQueueQuery(projectId));
  const queryClient = useQueryClient();
  // An open detail shows the server's answer at once, so its next key (t after a) acts on the
  // request as it now is, before the lists' refetch arrives.
  const showMoved = (moved: ViewedRequest) =>
    queryClient.setQueryData<{ request: ViewedRequest }>(requestKeys.detail(projectId, moved.id), (old) => (old ? { ...old, request: moved } : old));
  const load = mine.data ? { load: mine.data.load, maxLoad: mine.data.maxLoad } : null;
  const claimHolds = useClaimHolds();

  async function run<T extends AssignResponse | ViewedRequest>(
    request: BonusRequest,
    action: () => Promise<T>,
    success: (result: T) => void,
    failure: string,
    focusAfter?: () => void,
  ): Promise<T | null> {
    // The neighbour is read now, while the card is still in its list.
    const next = focusAfter ? null : neighbourCardId(request.id);
    const focus = focusAfter ?? (() => focusCardWhenReady(next));
    setProcessingId(request.id);
    try {
      const result = await action();
      showMoved('enqueued' in result ? result.request : result);
      success(result);
      focus();
      return result;
    } catch (error) {
      notify.error(failure, errorMessage(error));
      return null;
    } finally {
      setProcessingId(null);
    }
  }

  function offerUndo(title: string, request: BonusRequest, moved: BonusRequest, action: UndoableAction, description = requestTitle(request)) {
    notify.success(title, description, {
      duration: DESK.undoWindowMs,
      action: {
        label: UNDO_LABEL,
        onClick: () =>
          undo.mutateAsync({ requestId: request.id, action, version: moved.version }).then(
            () => notify.success(UNDONE_TEXT, requestTitle(request)),
            (error) => notify.error(UNDO_FAILED_TEXT, errorMessage(error)),
          ),
      },
    });
  }

  return {
    processingId,
    busy: processingId !== null,
    /** The caller's load and capacity ('3/5'); null until known. */
    load,
    atCapacity: load !== null && load.load >= load.maxLoad,
    reservations: mine.data?.reservations ?? [],
    /** The project's completeConfirmAmount; undefined until known (the dialog then assumes the default). */
    completeConfirmAmount: mine.data?.completeConfirmAmount,
    /** Claims held in place (see useHeldItems, heldPhase). */
    holds: claimHolds.holds,
    /** `keyboard`: the claim came from a key, so the claimed card is scrolled into view when focused. */
    claim: async (request: BonusRequest, options: { keyboard?: boolean } = {}) => {
      claimHolds.begin(request.id);
      const result = await run(
        request,
        () => claim.mutateAsync({ requestId: request.id }),
        (r) => {
          claimHolds.settle(request.id, r.enqueued ? 'reserved' : 'claimed');
          notify.success(claimSuccessTitle(r, texts), r.enqueued && r.request.reservedForName ? `${requestTitle(request)} · ${reservedForText(r.request.reservedForName)}` : requestTitle(request));
        },
        texts.claimFailed,
        () => focusClaimedWhenReady(request.id, options.keyboard ?? false),
      );
      if (!result) claimHolds.release(request.id);
      return result;
    },
    /** Opens the confirmation; `confirmComplete` does the move. */
    complete: (request: BonusRequest) => setCompleting(request),
    /** Opens the reason dialog; `confirmRequeue` does the move. */
    requeue: (request: BonusRequest) => setRequeueing(request),
    /** Opens the approval's confirmation; `confirmApprove` does the move. */
    approve: (request: BonusRequest) => setApproving(request),
    /** Opens the rejection's reason dialog; `confirmReject` does the move. */
    reject: (request: BonusRequest) => setRejecting(request),
    completing,
    requeueing,
    approving,
    rejecting,
    /** The project's approval threshold (four eyes); null: off; undefined until known. */
    approvalThreshold: mine.data?.approvalThreshold,
    cancelDialogs: () => {
      setCompleting(null);
      setRequeueing(null);
      setApproving(null);
      setRejecting(null);
    },
    confirmApprove: () => {
      const request = approving;
      if (!request) return;
      void run(
        request,
        () => approve.mutateAsync({ requestId: request.id }),
        () => {
          setApproving(null);
          // An approval is not undone: no 'Geri Al'.
          notify.success(APPROVAL_TEXTS.approved, `${requestTitle(request)} · ${formatMoney(request.amount)}`);
        },
        'Onay işlemi başarısız',
      );
    },
    confirmReject: (reason: string) => {
      const request = rejecting;
      if (!request) return;
      void run(
        request,
        () => reject.mutateAsync({ requestId: request.id, reason }),
        () => {
          setRejecting(null);
          notify.success(APPROVAL_TEXTS.rejected, requestTitle(request));
        },
        'Ret işlemi başarısız',
      );
    },
    confirmComplete: (input: CompleteInput) => {
      const request = completing;
      if (!request) return;
      void run(
        request,
        () => complete.mutateAsync({ requestId: request.id, ...input }),
        (moved) => {
          setCompleting(null);
          // Sent for a second person's approval: nothing was paid yet, and nothing to undo.
          // The toast names the amount the dialog showed: what was (or will be) paid.
          const paid = `${requestTitle(request)} · ${formatMoney(request.amount)}`;
          if (moved.status === 'pending_approval') notify.success(APPROVAL_TEXTS.sentForApproval, paid);
          else offerUndo(texts.completed, request, moved, 'complete', paid);
        },
        texts.completeFailed,
      );
    },
    confirmRequeue: (reason: string) => {
      const request = requeueing;
      if (!request) return;
      void run(
        request,
        () => requeue.mutateAsync({ requestId: request.id, reason }),
        (moved) => {
          setRequeueing(null);
          offerUndo(texts.requeued, request, moved, 'requeue');
        },
        texts.requeueFailed,
      );
    },
  };
}
export type RequestActions = ReturnType<typeof useRequestActions>;
