import { Send } from 'lucide-react';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type Webhook, type WebhookDelivery } from '@common/schemas/webhooks';
import { Badge, Button, Dialog, EmptyState, ErrorState, LoadingState, type BadgeTone } from '@web/components/ui';
import { formatDateTimeWithYear } from '@web/lib/format';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhooks-api';

const STATUS_TONES: Record<WebhookDelivery['status'], BadgeTone> = { pending: 'info', delivered: 'success', failed: 'danger' };

/** The event's Turkish name: the seven a webhook can choose, and the test event 'Test gönder' sends. */
function eventLabel(eventType: string): string {
  if (eventType === 'webhook.test') return 'Test olayı';
  return Object.hasOwn(WEBHOOK_EVENT_LABELS, eventType) ? WEBHOOK_EVENT_LABELS[eventType as keyof typeof WEBHOOK_EVENT_LABELS] : eventType;
}

/**
 * 'Gönderimler': the webhook's latest deliveries with every attempt (time, HTTP status, duration,
 * the start of the answer or the error), and 'Tekrar Gönder' for each. While one is pending the
 * list is asked for again, so a delivery's outcome shows without closing the dialog.
 */
export function WebhookDeliveriesDialog({ projectId, webhook, onClose }: { projectId: number; webhook: Webhook | null; onClose: () => void }) {
  return (
    <Dialog open={webhook !== null} onClose={onClose} title="Gönderimler" description={webhook?.url} size="xl">
      {webhook && <DeliveryLog projectId={projectId} webhookId={webhook.id} />}
    </Dialog>
  );
}

function DeliveryLog({ projectId, webhookId }: { projectId: number; webhookId: number }) {
  const deliveries = useWebhookDeliveries(projectId, webhookId);
  const redeliver = useRedeliverWebhook(projectId, webhookId);

  if (deliveries.isError && !deliveries.data) return <ErrorState query={deliveries} className="py-8" />;
  if (deliveries.isPending) {
    return (
      <LoadingState text="Gönderimler yükleniyor…" className="py-8" />
    );
  }
  if (deliveries.data.length === 0) {
    return <EmptyState icon={Send} title="Henüz gönderim yok" description="Seçilen olaylardan biri olduğunda ya da 'Test gönder' ile ilk gönderim burada görünür." />;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Son gönderimler">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} data-testid="webhook-delivery" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p id={`webhook-delivery-${delivery.id}`} className="font-medium text-zinc-900 dark:text-zinc-50">
                {eventLabel(delivery.eventType)} <code className="text-xs font-normal text-zinc-500 dark:text-zinc-400">{delivery.eventType}</code>
              </p>
              <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">
                Olay kimliği: <code>{delivery.eventId}</code>
              </p>
            </div>
            <Badge tone={STATUS_TONES[delivery.status]} dot>
              {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
            </Badge>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-700 sm:grid-cols-[auto_1fr_auto_1fr] dark:text-zinc-300">
            <dt className="text-zinc-500 dark:text-zinc-400">Olay zamanı</dt>
            <dd>{formatDateTimeWithYear(delivery.occurredAt)}</dd>
            <dt className="text-zinc-500 dark:text-zinc-400">Deneme</dt>
            <dd>{delivery.attempts}</dd>
            {delivery.deliveredAt && (
              <>
                <dt className="text-zinc-500 dark:text-zinc-400">Teslim zamanı</dt>
                <dd>{formatDateTimeWithYear(delivery.deliveredAt)}</dd>
              </>
            )}
            {delivery.status === 'pending' && delivery.nextAttemptAt && (
              <>
                <dt className="text-zinc-500 dark:text-zinc-400">Sonraki deneme</dt>
                <dd>{formatDateTimeWithYear(delivery.nextAttemptAt)}</dd>
              </>
            )}
          </dl>
          {delivery.attemptLog.length > 0 && (
            <ol className="mt-3 flex flex-col gap-2" aria-label="Denemeler">
              {delivery.attemptLog.map((attempt, index) => (
                <li key={index} data-testid="webhook-attempt" className="rounded-md bg-zinc-50 px-3 py-2 text-xs dark:bg-zinc-800/60">
                  <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-zinc-700 dark:text-zinc-300">
                    <span className="font-medium">{index + 1}. deneme</span>
                    <span>{formatDateTimeWithYear(attempt.attemptedAt)}</span>
                    <span>{attempt.statusCode === null ? 'HTTP cevabı yok' : `HTTP ${attempt.statusCode}`}</span>
                    <span>{attempt.durationMs} ms</span>
                  </p>
                  {attempt.error && <p className="mt-1 break-words text-red-700 dark:text-red-400">Hata: {attempt.error}</p>}
                  {attempt.responseExcerpt && (
                    <pre className="mt-1 font-mono break-all whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
                      {attempt.responseExcerpt}
                    </pre>
                  )}
                </li>
              ))}
            </ol>
          )}
          <div className="mt-3 flex justify-end">
            <Button
              variant="outline"
              size="sm"
              icon={Send}
              aria-describedby={`webhook-delivery-${delivery.id}`}
              loading={redeliver.isPending && redeliver.variables === delivery.id}
              disabled={redeliver.isPending}
              onClick={() => redeliver.mutate(delivery.id)}
            >
              Tekrar Gönder
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
