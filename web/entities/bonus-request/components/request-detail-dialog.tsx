import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BONUS_TYPE_LABELS, CUSTOMER_SEGMENT_LABELS } from '@common/enums';
import type { BonusRequest, ViewedRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import { Button, Dialog, ErrorState, LoadingState, TechnicalDetails } from '@web/components/ui';
import { formatDateTimeWithYear, formatMoney } from '@web/lib/format';
import { requestDetailQuery } from '../api/request-queries';
import { requestKeyHandler } from '../model/card-keys';
import { claimHint, claimLabel, requeueReasonLabel, requestTitle, SOURCE_LABELS } from '../model/request-texts';
import type { RequestActions } from '../model/use-request-actions';
import { ApprovalSummary } from './approval-summary';
import { CustomerSummaryPanel } from './customer-summary-panel';
import { RequestCardBadges } from './request-card-badges';
import { PriorityBadge } from './priority-badge';
import { RequestStatusBadge } from './request-status-badge';
import { RequestTimeline } from './request-timeline';
import { RequestViewersLine } from './request-viewers';
import { useAnnounceViewing } from '../model/use-request-viewers';

const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
const when = (value: string | null) => (value ? formatDateTimeWithYear(value) : null);

function fields(r: BonusRequest): [string, ReactNode][] {
  return [
    ['Dış Referans', r.externalId],
    ['Durum', <RequestStatusBadge key="s" status={r.status} />],
    ['Öncelik', <PriorityBadge key="p" priority={r.priority} />],
    ['Müşteri Adı', r.customerName],
    ['Kullanıcı Adı', r.customerUsername],
    ['Müşteri ID', r.customerId],
    ['Müşteri Segmenti', r.customerSegment ? CUSTOMER_SEGMENT_LABELS[r.customerSegment] : null],
    ['Bonus Türü', BONUS_TYPE_LABELS[r.bonusType]],
    ['Tutar', formatMoney(r.amount)],
    ['Kaynak', SOURCE_LABELS[r.source]],
    ['Atanan', r.assignedUserName],
    ['Atanma', when(r.assignedAt)],
    ['Tamamlayan', r.completedByName],
    ['Tamamlanma', when(r.completedAt)],
    ['Tamamlama Notu', r.completionNotes],
    ['Onaya Gönderen', r.approvalRequestedByName],
    ['Onaya Gönderilme', when(r.approvalRequestedAt)],
    ['Onaylayan', r.approvedByName],
    ['Onaylanma', when(r.approvedAt)],
    ['Sıraya Alma Sebebi', requeueReasonLabel(r.requeueReason)],
    ['Oluşturulma', when(r.createdAt)],
    ['Güncellenme', when(r.updatedAt)],
    ['Açıklama', r.description],
  ];
}

/** Internal ids and raw codes, for support. */
function technicalRows(request: BonusRequest) {
  return [
    ['Talep No', `#${request.id}`],
    ['Sürüm', String(request.version)],
    ['Sıraya alma sebebi kodu', request.requeueReason],
  ] as const;
}

/** The moves the server says the caller may make (`request.abilities`), beside the timeline (a, t, r work here too). */
function DetailActions({ request, actions }: { request: ViewedRequest; actions: RequestActions }) {
  const can = request.abilities;
  const processing = actions.processingId === request.id;
  const props = { size: 'sm' as const, disabled: actions.busy, loading: processing, loadingText: 'İşleniyor…' };
  if (!can.canClaim && !can.canComplete && !can.canRequeue && !can.canApprove) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="İşlemler">
      {can.canClaim && (
        <Button {...props} title={claimHint(actions.load)} onClick={(event) => void actions.claim(request, { keyboard: event.detail === 0 })}>
          {claimLabel(actions.load)}
        </Button>
      )}
      {can.canComplete && (
        <Button {...props} onClick={() => actions.complete(request)}>
          {TERMS.complete}
        </Button>
      )}
      {can.canRequeue && (
        <Button {...props} variant="outline" onClick={() => actions.requeue(request)}>
          {TERMS.requeue}
        </Button>
      )}
      {can.canApprove && (
        <>
          <Button {...props} title="Kısayol: o" aria-keyshortcuts="o" onClick={() => actions.approve(request)}>
            {TERMS.approve}
          </Button>
          <Button {...props} variant="outline" onClick={() => actions.reject(request)}>
            {TERMS.reject}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * 'Detay': every field of a request, the customer's history and limits, and its timeline, live
 * (socket events refresh it), with the caller's actions beside the timeline. `onOpen` follows a
 * link to another request (a possible duplicate, one of the customer's last requests).
 */
export function RequestDetailDialog({
  projectId,
  requestId,
  onClose,
  onOpen,
  actions,
}: {
  projectId: number;
  requestId: number | null;
  onClose: () => void;
  onOpen?: (requestId: number) => void;
  actions?: RequestActions;
}) {
  const detail = useQuery({ ...requestDetailQuery(projectId, requestId ?? 0), enabled: requestId !== null });
  const request = detail.data?.request;
  useAnnounceViewing(requestId);
  // While the confirmation or reason dialog is up, this one steps aside (one modal at a time).
  const covered = Boolean(actions?.completing || actions?.requeueing || actions?.approving || actions?.rejecting);
  return (
    // The request's keys (a, t, r) work from anywhere in the dialog, the close button that starts
    // with focus included: key events bubble from the native <dialog> to this wrapper.
    <div className="contents" onKeyDown={request && actions ? requestKeyHandler(request, actions) : undefined}>
      <Dialog open={requestId !== null && !covered} onClose={onClose} size="lg" title={request ? `Talep Detayı · ${requestTitle(request)}` : 'Talep Detayı'}>
        {detail.isPending ? (
          <LoadingState />
        ) : !detail.data || !request ? (
          <ErrorState query={detail} />
        ) : (
          request && (
            <div className="flex flex-col gap-6">
              {detail.isError && <ErrorState variant="banner" query={detail} />}
              <RequestViewersLine requestId={request.id} />
              <RequestCardBadges request={request} onOpen={(id) => onOpen?.(id)} approval="none" />
              <ApprovalSummary request={request} />
              <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
                {fields(request).map(([label, value]) => (
                  <div key={label} className={label === 'Açıklama' ? 'sm:col-span-2' : undefined}>
                    <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
                    <dd className="mt-0.5 text-sm text-zinc-900 dark:text-zinc-100">{dash(value)}</dd>
                  </div>
                ))}
              </dl>
              <CustomerSummaryPanel request={request} onOpen={onOpen} />
              <section aria-labelledby="request-timeline-title">
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h3 id="request-timeline-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                    Zaman Çizelgesi
                  </h3>
                  {actions && <DetailActions request={request} actions={actions} />}
                </div>
                <RequestTimeline events={detail.data.events} />
              </section>
              <TechnicalDetails rows={technicalRows(request)} />
            </div>
          )
        )}
      </Dialog>
    </div>
  );
}
