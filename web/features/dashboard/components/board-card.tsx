import { BONUS_TYPE_LABELS } from '@common/enums';
import type { ViewedRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import {
  claimLabel,
  descriptionStart,
  GuardedButton,
  RequestCardBadges,
  requestKeyHandler,
  RequestStatusBadge,
  requestTitle,
  type RequestActions,
} from '@web/entities/bonus-request';
import { focusRing } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatMoney } from '@web/lib/format';
import type { BoardColumnKey } from './board-columns';

/**
 * A board card (spec §2.4): title, customer, status, priority, creation time, plus what is
 * needed to act without opening it — amount, bonus type, the start of the description, whom it
 * is held for, a possible duplicate. The card opens the detail (click, Enter); its buttons are
 * guarded against clicks that land after the card moved under the pointer, and shown where the
 * server says the caller may act (`request.abilities`).
 */
export function BoardCard({
  request,
  column,
  actions,
  onOpen,
  place,
}: {
  request: ViewedRequest;
  column: BoardColumnKey;
  actions: RequestActions;
  onOpen: (requestId: number) => void;
  /** Place in line of a reservation shown in 'Üzerimde'. */
  place?: number;
}) {
  const can = request.abilities;
  const processing = actions.processingId === request.id;
  const button = (label: string, onClick: () => void, main: boolean, variant: 'primary' | 'outline' = 'primary') => (
    <GuardedButton
      size="sm"
      variant={variant}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      disabled={actions.busy}
      loading={processing}
      loadingText="İşleniyor…"
      {...(main ? { 'data-main-action': '' } : {})}
    >
      {label}
    </GuardedButton>
  );
  const title = requestTitle(request);
  const description = descriptionStart(request.description);
  return (
    <li
      aria-label={title}
      aria-busy={processing || undefined}
      data-request-card={request.id}
      tabIndex={0}
      onClick={() => onOpen(request.id)}
      onKeyDown={requestKeyHandler(request, actions, () => onOpen(request.id))}
      className={cn('cursor-pointer rounded-lg border border-zinc-200 bg-white p-3 shadow-xs dark:border-zinc-700 dark:bg-zinc-900', focusRing)}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{title}</p>
        <p className="shrink-0 text-sm font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{formatMoney(request.amount)}</p>
      </div>
      <p className="truncate text-sm text-zinc-700 dark:text-zinc-300">
        {request.customerUsername ?? '—'} · {BONUS_TYPE_LABELS[request.bonusType]}
      </p>
      {description && <p className="mt-1 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{description}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <RequestStatusBadge status={request.status} />
        <span>Öncelik: {request.priority}</span>
        {place !== undefined && <span className="font-medium text-sky-800 dark:text-sky-300">Sıradaki yeriniz: {place}</span>}
      </div>
      <RequestCardBadges request={request} onOpen={onOpen} />
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
      </p>
      {request.assignedUserName && column !== 'mine' && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Atanan: {request.assignedUserName}</p>}
      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
        {column === 'waiting' && can.canClaim && button(claimLabel(actions.load), () => void actions.claim(request), true)}
        {column === 'mine' && can.canComplete && button(TERMS.complete, () => actions.complete(request), true)}
        {column === 'mine' && can.canRequeue && button(TERMS.requeue, () => actions.requeue(request), false, 'outline')}
        {column === 'problem' && can.canRequeue && button('Tekrar İşleme Al', () => actions.requeue(request), true, 'outline')}
      </div>
    </li>
  );
}
