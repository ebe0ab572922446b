import { useState } from 'react';
import type { AssignResponse, BonusRequest } from '@common/schemas/bonus';
import { errorMessage } from '@web/lib/api-error';
import { notify } from '@web/lib/notify';
import { useClaimRequest, useCompleteRequest, useRequeueRequest } from '../api/request-mutations';
import { requestTitle } from './request-texts';

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

/**
 * Claim (as the signed-in user), complete and re-queue with their toasts, one request at a
 * time: while one runs, `processingId` names it and screens disable the other actions. The
 * error toast's text is the server's message. Each resolves to the result, or null on failure.
 */
export function useRequestActions(projectId: number, texts: ActionTexts) {
  const [processingId, setProcessingId] = useState<number | null>(null);
  const claim = useClaimRequest(projectId);
  const complete = useCompleteRequest(projectId);
  const requeue = useRequeueRequest(projectId);

  async function run<T>(request: BonusRequest, action: () => Promise<T>, success: (result: T) => string, failure: string): Promise<T | null> {
    setProcessingId(request.id);
    try {
      const result = await action();
      notify.success(success(result), requestTitle(request));
      return result;
    } catch (error) {
      notify.error(failure, errorMessage(error));
      return null;
    } finally {
      setProcessingId(null);
    }
  }

  return {
    processingId,
    busy: processingId !== null,
    claim: (request: BonusRequest) => run(request, () => claim.mutateAsync({ requestId: request.id }), (r) => claimSuccessTitle(r, texts), texts.claimFailed),
    complete: (request: BonusRequest) => run(request, () => complete.mutateAsync({ requestId: request.id }), () => texts.completed, texts.completeFailed),
    requeue: (request: BonusRequest) => run(request, () => requeue.mutateAsync({ requestId: request.id }), () => texts.requeued, texts.requeueFailed),
  };
}
export type RequestActions = ReturnType<typeof useRequestActions>;
