import { priorityText } from '@common/priority';
import { Check } from 'lucide-react';
import { BONUS_TYPE_LABELS } from '@common/enums';
import type { ViewedRequest } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';
import {
  claimHint,
  claimLabel,
  heldPhase,
  descriptionStart,
  GuardedButton,
  RequestCardBadges,
  requestKeyHandler,
  RequestStatusBadge,
  RequestViewersEye,
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
 * server says the caller may act (`request.abilities`). A card just claimed from 'Bekleyen' stays
 * there for a moment, inert, saying so instead of its button (same height, so nothing below moves).
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
  const held = column === 'waiting' ? heldPhase(actions.holds, request.id) : null;
  const claiming = column === 'waiting' && actions.holds.phases.has(request.id);
  const button = (label: string, onClick: (keyboard: boolean) => void, main: boolean, variant: 'primary' | 'outline' = 'primary', title?: string) => (
    <GuardedButton
      size="sm"
      variant={variant}
      title={title}
      onClick={(event) => {
        event.stopPropagation();
        onClick(event.detail === 0);
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
  const content = (
    <>
      {/* The reference is what agents copy into other systems: it never truncates; the amount wraps below it instead. */}
      <div className="flex flex-wrap items-start justify-between gap-x-2">
        <p className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-50" data-testid="request-title">
          {title}
        </p>
        <p className="shrink-0 text-sm font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{formatMoney(request.amount)}</p>
      </div>
      <p className="truncate text-sm text-zinc-700 dark:text-zinc-300">
        {request.customerUsername ?? '—'} · {BONUS_TYPE_LABELS[request.bonusType]}
      </p>
      {description && <p className="mt-1 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{description}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <RequestStatusBadge status={request.status} />
        <span>Öncelik: {priorityText(request.priority)}</span>
        {place !== undefined && <span className="font-medium text-sky-800 dark:text-sky-300">Sıradaki yeriniz: {place}</span>}
        <RequestViewersEye requestId={request.id} />
      </div>
      <RequestCardBadges request={request} onOpen={onOpen} />
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
      </p>
      {request.assignedUserName && column !== 'mine' && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Atanan: {request.assignedUserName}</p>}
    </>
  );
  if (held) {
    // Focusable (focus rests here after a keyboard claim until the card shows in 'Üzerimde'), but nothing acts.
    const said = held === 'claimed' ? TERMS.claimed : TERMS.reserved;
    return (
      <li
        aria-label={`${title}: ${said}`}
        data-claimed-card={request.id}
        tabIndex={-1}
        className={cn('rounded-lg border border-emerald-300 bg-emerald-50 p-3 dark:border-emerald-800 dark:bg-emerald-950/40', focusRing)}
      >
        <div inert className="opacity-60">
          {content}
        </div>
        <p className="mt-3 flex h-8 items-center gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          <Check aria-hidden className="size-4" />
          {said}
        </p>
      </li>
    );
  }
  return (
    <li
      aria-label={title}
      aria-busy={processing || undefined}
      data-request-card={request.id}
      tabIndex={0}
      // While its claim is on its way, a click that falls through the disabled button opens nothing.
      onClick={() => !claiming && onOpen(request.id)}
      onKeyDown={requestKeyHandler(request, actions, () => onOpen(request.id))}
      className={cn('cursor-pointer rounded-lg border border-zinc-200 bg-white p-3 shadow-xs dark:border-zinc-700 dark:bg-zinc-900', focusRing)}
    >
      {content}
      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
        {column === 'waiting' && can.canClaim && button(claimLabel(actions.load), (keyboard) => void actions.claim(request, { keyboard }), true, 'primary', claimHint(actions.load))}
        {column === 'mine' && can.canComplete && button(TERMS.complete, () => actions.complete(request), true)}
        {column === 'mine' && can.canRequeue && button(TERMS.requeue, () => actions.requeue(request), false, 'outline')}
        {column === 'problem' && can.canRequeue && button('Tekrar İşleme Al', () => actions.requeue(request), true, 'outline')}
      </div>
    </li>
  );
}
