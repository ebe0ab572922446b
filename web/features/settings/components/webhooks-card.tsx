import { useState, type ReactNode } from 'react';
import { History, KeyRound, Pencil, Plus, Send, Trash2, Webhook as WebhookIcon, type LucideIcon } from 'lucide-react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, type Webhook } from '@common/schemas/webhooks';
import { QueryStates } from '@web/components/query-states';
import { Badge, Button, Card, CardHeader, EmptyState, SecretOnceDialog, useConfirm, type BadgeTone } from '@web/components/ui';
import { formatDateTimeWithYear } from '@web/lib/format';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks-api';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';

interface WebhookState {
  label: string;
  tone: BadgeTone;
  /** A line under the badge: since when it fails, or why the server switched it off. */
  note?: string;
}

/** Switched off by the server, switched off by hand, failing, or working. */
function stateOf(webhook: Webhook): WebhookState {
  if (!webhook.isActive && webhook.disabledAt) {
    return { label: 'Kapalı', tone: 'danger', note: `${WEBHOOK_MESSAGES.disabled} (${formatDateTimeWithYear(webhook.disabledAt)}). Yeniden açmak için 'Düzenle'.` };
  }
  if (!webhook.isActive) return { label: 'Kapalı', tone: 'default' };
  if (webhook.failingSince) return { label: 'Başarısız oluyor', tone: 'warning', note: `${formatDateTimeWithYear(webhook.failingSince)} tarihinden beri` };
  return { label: 'Etkin', tone: 'success' };
}

type Editing = { mode: 'create' } | { mode: 'edit'; webhook: Webhook } | null;

/**
 * 'Webhooklar' of the project: its events POSTed, signed, to the project's own system. A new
 * webhook's secret (and a rotated one) is shown once; the list never has it.
 */
export function WebhooksCard({ projectId }: { projectId: number }) {
  const webhooks = useWebhooks(projectId);
  const create = useCreateWebhook(projectId);
  const update = useUpdateWebhook(projectId);
  const remove = useDeleteWebhook(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const test = useTestWebhook(projectId);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<{ secret: string; title: string } | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);

  const askDelete = async (webhook: Webhook) => {
    const sure = await confirm({
      title: 'Webhook silinsin mi?',
      message: `${webhook.url} adresine artık olay gönderilmez; bekleyen gönderimleri ve gönderim geçmişi de silinir. Bu işlem geri alınamaz.`,
      confirmLabel: 'Sil',
      cancelLabel: 'Vazgeç',
    });
    if (sure) remove.mutate(webhook.id);
  };

  const askRotate = async (webhook: Webhook) => {
    const sure = await confirm({
      title: 'Gizli anahtar yenilensin mi?',
      message: 'Yeni gizli anahtar yalnızca bir kez gösterilir. Eski anahtar 24 saat daha imzalar; alıcı sistemi bu sürede yeni anahtara geçirin.',
      confirmLabel: 'Anahtarı Yenile',
      cancelLabel: 'Vazgeç',
      tone: 'primary',
    });
    if (!sure) return;
    rotate.mutate(webhook.id, { onSuccess: (rotated) => setShown({ secret: rotated.secret, title: 'Yeni gizli anahtar' }) });
  };

  return (
    <Card data-testid="webhooks-card">
      <CardHeader
        title="Webhooklar"
        description="Projedeki olaylar (talep oluşturuldu, onaylandı, senkronizasyon bitti…) gizli anahtarla imzalanıp kendi sisteminize gönderilir."
        actions={
          <Button icon={Plus} size="sm" onClick={() => setEditing({ mode: 'create' })}>
            Yeni Webhook
          </Button>
        }
      />
      <QueryStates
        query={webhooks}
        className="py-8"
        loadingText="Webhooklar yükleniyor…"
        isEmpty={(d) => d.length === 0}
        empty={
          <EmptyState
            icon={WebhookIcon}
            title="Henüz webhook yok"
            description="Webhook, seçtiğiniz olayları (bir talebin oluşturulması, onaylanması…) olduğu anda kendi sisteminize bildirir; böylece sisteminiz panele sürekli sormak zorunda kalmaz. 'Yeni Webhook' ile ekleyin."
          />
        }
      >
        {(items) => (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Webhooklar">
            {items.map((webhook) => {
              const state = stateOf(webhook);
              const urlId = `webhook-${webhook.id}-url`;
              return (
                <li key={webhook.id} data-testid="webhook-row" className="flex flex-col gap-3 px-5 py-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0 flex-1">
                      <p id={urlId} className="font-mono text-sm font-medium break-all text-zinc-900 dark:text-zinc-50">
                        {webhook.url}
                      </p>
                      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Olaylar">
                        {webhook.events.map((event) => (
                          <li key={event}>
                            <Badge>{WEBHOOK_EVENT_LABELS[event]}</Badge>
                          </li>
                        ))}
                      </ul>
                    </div>
                    <div className="flex flex-col items-start gap-1 sm:items-end">
                      <Badge tone={state.tone} dot>
                        {state.label}
                      </Badge>
                      {state.note && <p className="max-w-xs text-xs text-zinc-600 sm:text-right dark:text-zinc-400">{state.note}</p>}
                    </div>
                  </div>
                  {webhook.previousSecretUntil && (
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">Önceki gizli anahtar {formatDateTimeWithYear(webhook.previousSecretUntil)} tarihine kadar da imzalar.</p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" icon={Pencil} aria-describedby={urlId} onClick={() => setEditing({ mode: 'edit', webhook })}>
                      Düzenle
                    </Button>
                    <MutationButton icon={Send} describedBy={urlId} mutation={test} id={webhook.id} onClick={() => test.mutate(webhook.id)}>
                      Test gönder
                    </MutationButton>
                    <Button variant="outline" size="sm" icon={History} aria-describedby={urlId} onClick={() => setLogOf(webhook)}>
                      Gönderimler
                    </Button>
                    <MutationButton icon={KeyRound} describedBy={urlId} mutation={rotate} id={webhook.id} onClick={() => void askRotate(webhook)}>
                      Anahtarı Yenile
                    </MutationButton>
                    <MutationButton icon={Trash2} describedBy={urlId} mutation={remove} id={webhook.id} onClick={() => void askDelete(webhook)}>
                      Sil
                    </MutationButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
      <WebhookFormDialog
        open={editing !== null}
        webhook={editing?.mode === 'edit' ? editing.webhook : undefined}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          if (editing?.mode === 'edit') {
            await update.mutateAsync({ webhookId: editing.webhook.id, body });
            setEditing(null);
            return;
          }
          const created = await create.mutateAsync(body);
          setEditing(null);
          setShown({ secret: created.secret, title: 'Webhookun gizli anahtarı' });
        }}
      />
      <SecretOnceDialog secret={shown?.secret ?? null} onClose={() => setShown(null)} title={shown?.title ?? ''} description={WEBHOOK_MESSAGES.secretShownOnce} testId="webhook-secret" />
      <WebhookDeliveriesDialog projectId={projectId} webhook={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}

/**
 * A row's button for a mutation that takes the row's id: it shows the mutation running on its own
 * row, and is disabled on every row while it runs (a second click sends nothing).
 */
function MutationButton({
  icon,
  describedBy,
  mutation,
  id,
  onClick,
  children,
}: {
  icon: LucideIcon;
  describedBy: string;
  mutation: { isPending: boolean; variables: unknown };
  id: number;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="outline" size="sm" icon={icon} aria-describedby={describedBy} loading={mutation.isPending && mutation.variables === id} disabled={mutation.isPending} onClick={onClick}>
      {children}
    </Button>
  );
}
