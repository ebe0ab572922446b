import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_REQUEUE_REASON } from '@common/request-transitions';
import type { BonusRequest, CreateRequestBody, UndoRequestBody } from '@common/schemas/bonus';
import { claimRequest, completeRequest, createRequest, requeueRequest } from '@common/contract/bonus-requests';
import { approveRequest, rejectRequest, undoRequestMove } from '@common/contract/request-desk';
import { apiCall } from '@web/lib/api-call';
import { requestKeys } from './request-queries';
import { requestTitle } from '../model/request-texts';

/**
 * After any change the project's request data (lists, columns, stats, details) is reloaded.
 * The reload is not returned: TanStack Query awaits a promise from onSettled, so the button
 * would stay 'Kaydediliyor…' until every column had refetched (many seconds on a busy server);
 * the action is done when the server answers, and the lists catch up on their own.
 */
function useInvalidateRequests(projectId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: requestKeys.all(projectId) });
  };
}

/** §8 toasts of the manual request form. */
export const CREATE_REQUEST_TOASTS = { success: 'Bonus talebi oluşturuldu', failure: 'Oluşturma hatası' } as const;

export function useCreateRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    mutationFn: (body: CreateRequestBody) => apiCall(createRequest, { params: { projectId }, body }),
    onSettled: invalidate,
    meta: {
      success: (request: BonusRequest) => ({
        title: CREATE_REQUEST_TOASTS.success,
        description: `${requestTitle(request)} bekleyen taleplere eklendi.`,
      }),
      error: { title: CREATE_REQUEST_TOASTS.failure },
    },
  });
}

/** Claims for the signed-in user (no agentId) or, for a manager, for `agentId`. */
export function useClaimRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    mutationFn: ({ requestId, agentId }: { requestId: number; agentId?: number }) =>
      apiCall(claimRequest, { params: { projectId, requestId }, body: agentId === undefined ? {} : { agentId } }),
    onSettled: invalidate,
  });
}

/** What the completion dialog confirms: a note, the amount typed (large amounts), the duplicate tick (flagged requests). */
export interface CompleteInput {
  notes?: string;
  confirmAmount?: string;
  duplicateChecked?: boolean;
}

export function useCompleteRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    mutationFn: ({ requestId, notes, confirmAmount, duplicateChecked }: { requestId: number } & CompleteInput) =>
      apiCall(completeRequest, {
        params: { projectId, requestId },
        body: { ...(notes ? { notes } : {}), ...(confirmAmount ? { confirmAmount } : {}), ...(duplicateChecked ? { duplicateChecked } : {}) },
      }),
    onSettled: invalidate,
  });
}

export function useRequeueRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    // Spec §4: the screens re-queue with the reason manual_requeue.
    mutationFn: ({ requestId, reason = DEFAULT_REQUEUE_REASON }: { requestId: number; reason?: string }) =>
      apiCall(requeueRequest, { params: { projectId, requestId }, body: { reason } }),
    onSettled: invalidate,
  });
}

/** 'Geri Al': takes back the caller's own complete or re-queue (refused if anyone acted since). */
export function useUndoRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    mutationFn: ({ requestId, ...body }: UndoRequestBody & { requestId: number }) => apiCall(undoRequestMove, { params: { projectId, requestId }, body }),
    onSettled: invalidate,
  });
}

/** Four eyes: a second person approves a completion that waited for approval. */
export function useApproveRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    mutationFn: ({ requestId }: { requestId: number }) => apiCall(approveRequest, { params: { projectId, requestId }, body: {} }),
    onSettled: invalidate,
  });
}

/** Sends a completion that waited for approval back to the person who asked, with the reason. */
export function useRejectRequest(projectId: number) {
  const invalidate = useInvalidateRequests(projectId);
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) => apiCall(rejectRequest, { params: { projectId, requestId }, body: { reason } }),
    onSettled: invalidate,
  });
}
