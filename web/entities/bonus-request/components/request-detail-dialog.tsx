import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BONUS_TYPE_LABELS } from '@common/enums';
import type { BonusRequest } from '@common/schemas/bonus';
import { Dialog, ErrorState, LoadingState } from '@web/components/ui';
import { formatDateTimeWithYear, formatMoney } from '@web/lib/format';
import { requestDetailQuery } from '../api/request-queries';
import { requeueReasonLabel, requestTitle, SOURCE_LABELS } from '../model/request-texts';
import { PriorityBadge } from './priority-badge';
import { RequestStatusBadge } from './request-status-badge';
import { RequestTimeline } from './request-timeline';

const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
const when = (value: string | null) => (value ? formatDateTimeWithYear(value) : null);

function fields(r: BonusRequest): [string, ReactNode][] {
  return [
    ['Talep No', `#${r.id}`],
    ['Dış Referans', r.externalId],
    ['Durum', <RequestStatusBadge key="s" status={r.status} />],
    ['Öncelik', <PriorityBadge key="p" priority={r.priority} />],
    ['Müşteri Adı', r.customerName],
    ['Kullanıcı Adı', r.customerUsername],
    ['Müşteri ID', r.customerId],
    ['Bonus Türü', BONUS_TYPE_LABELS[r.bonusType]],
    ['Tutar', formatMoney(r.amount)],
    ['Kaynak', SOURCE_LABELS[r.source]],
    ['Atanan', r.assignedUserName],
    ['Atanma', when(r.assignedAt)],
    ['Tamamlayan', r.completedByName],
    ['Tamamlanma', when(r.completedAt)],
    ['Tamamlama Notu', r.completionNotes],
    ['Sıraya Alma Sebebi', requeueReasonLabel(r.requeueReason)],
    ['Oluşturulma', when(r.createdAt)],
    ['Güncellenme', when(r.updatedAt)],
    ['Açıklama', r.description],
  ];
}

/** 'Detay': every field of a request and its timeline, live (socket events refresh it). */
export function RequestDetailDialog({ projectId, requestId, onClose }: { projectId: number; requestId: number | null; onClose: () => void }) {
  const detail = useQuery({ ...requestDetailQuery(projectId, requestId ?? 0), enabled: requestId !== null });
  const request = detail.data?.request;
  return (
    <Dialog open={requestId !== null} onClose={onClose} size="lg" title={request ? `Talep Detayı · ${requestTitle(request)}` : 'Talep Detayı'}>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        request && (
          <div className="flex flex-col gap-6">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
              {fields(request).map(([label, value]) => (
                <div key={label} className={label === 'Açıklama' ? 'sm:col-span-2' : undefined}>
                  <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
                  <dd className="mt-0.5 text-sm text-zinc-900 dark:text-zinc-100">{dash(value)}</dd>
                </div>
              ))}
            </dl>
            <section aria-labelledby="request-timeline-title">
              <h3 id="request-timeline-title" className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                Zaman Çizelgesi
              </h3>
              <RequestTimeline events={detail.data.events} />
            </section>
          </div>
        )
      )}
    </Dialog>
  );
}
