import type { BonusRequest } from '@common/schemas/bonus';
import { Button } from '@web/components/ui';
import { RequestStatusBadge, requestAbilities, requestTitle, type Caller, type RequestActions } from '@web/entities/bonus-request';
import { formatDateTime } from '@web/lib/format';
import type { BoardColumnKey } from './board-columns';

/** A board card (spec §2.4): title, customer, status, priority, creation time, and the column's buttons. */
export function BoardCard({ request, column, caller, actions }: { request: BonusRequest; column: BoardColumnKey; caller: Caller | null; actions: RequestActions }) {
  const can = requestAbilities(request, caller);
  const processing = actions.processingId === request.id;
  const button = (label: string, onClick: () => void, variant: 'primary' | 'outline' = 'primary') => (
    <Button size="sm" variant={variant} onClick={onClick} disabled={actions.busy} loading={processing} loadingText="İşleniyor…">
      {label}
    </Button>
  );
  const title = requestTitle(request);
  return (
    <li
      aria-label={title}
      aria-busy={processing || undefined}
      className="rounded-lg border border-zinc-200 bg-white p-3 shadow-xs dark:border-zinc-700 dark:bg-zinc-900"
    >
      <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{title}</p>
      <p className="truncate text-sm text-zinc-600 dark:text-zinc-300">{request.customerUsername ?? '—'}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <RequestStatusBadge status={request.status} />
        <span>Öncelik: {request.priority}</span>
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
      </p>
      {request.assignedUserName && column !== 'mine' && <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Atanan: {request.assignedUserName}</p>}
      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
        {column === 'waiting' && can.claim && button('Üzerime Al', () => void actions.claim(request))}
        {column === 'mine' && can.complete && button('Tamamla', () => void actions.complete(request))}
        {column === 'mine' && can.requeue && button('Tekrar Sıraya Al', () => void actions.requeue(request), 'outline')}
        {column === 'problem' && can.requeue && button('Tekrar İşleme Al', () => void actions.requeue(request), 'outline')}
      </div>
    </li>
  );
}
