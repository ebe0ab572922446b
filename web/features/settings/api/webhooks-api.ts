import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
} from '@common/contract/webhooks';
import { WEBHOOK_MESSAGES, type WebhookBody } from '@common/schemas/webhooks';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

const webhooksKey = (projectId: number) => queryKeys.project(projectId).scope('webhooks');
const deliveriesKey = (projectId: number, webhookId: number) => queryKeys.project(projectId).scope('webhook-deliveries', { webhookId });

/** While a delivery waits for its (next) attempt, the open log asks again this often. */
const PENDING_REFRESH_MS = 2_000;

export function useWebhooks(projectId: number) {
  return useQuery({ queryKey: webhooksKey(projectId), queryFn: ({ signal }) => apiCall(listWebhooks, { params: { projectId } }, { signal }) });
}

/** The answer carries the secret once; the form shows server messages on its fields (no toast on failure). */
export function useCreateWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookBody) => apiCall(createWebhook, { params: { projectId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(projectId) }),
    meta: { success: WEBHOOK_MESSAGES.created },
  });
}

export function useUpdateWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, body }: { webhookId: number; body: WebhookBody }) => apiCall(updateWebhook, { params: { projectId, webhookId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(projectId) }),
    meta: { success: WEBHOOK_MESSAGES.updated },
  });
}

export function useDeleteWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => apiCall(deleteWebhook, { params: { projectId, webhookId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(projectId) }),
    meta: { success: WEBHOOK_MESSAGES.deleted, error: 'Webhook silinemedi' },
  });
}

/** The answer carries the new secret once. */
export function useRotateWebhookSecret(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => apiCall(rotateWebhookSecret, { params: { projectId, webhookId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(projectId) }),
    meta: { success: WEBHOOK_MESSAGES.rotated, error: 'Gizli anahtar yenilenemedi' },
  });
}

export function useTestWebhook(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: number) => apiCall(testWebhook, { params: { projectId, webhookId } }),
    onSuccess: (_delivery, webhookId) => void queryClient.invalidateQueries({ queryKey: deliveriesKey(projectId, webhookId) }),
    meta: { success: WEBHOOK_MESSAGES.testQueued, error: 'Test olayı gönderilemedi' },
  });
}

/** The delivery log of one webhook while its dialog is open; asked again every 2 s while a delivery is pending. */
export function useWebhookDeliveries(projectId: number, webhookId: number | null) {
  return useQuery({
    queryKey: deliveriesKey(projectId, webhookId ?? 0),
    queryFn: ({ signal }) => apiCall(listWebhookDeliveries, { params: { projectId, webhookId: webhookId! } }, { signal }),
    enabled: webhookId !== null,
    // Events arrive all the time: each opening of the log reads it afresh.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

export function useRedeliverWebhook(projectId: number, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => apiCall(redeliverWebhook, { params: { projectId, webhookId, deliveryId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(projectId, webhookId) }),
    meta: { success: WEBHOOK_MESSAGES.redelivered, error: 'Gönderim tekrar gönderilemedi' },
  });
}
