import type { KeyboardEventHandler, PointerEventHandler, ReactNode } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { ACTIVE_STATUSES, WAITING_STATUSES } from '@common/enums';
import type { BonusRequest, RequestStatusGroup, ViewedRequest } from '@common/schemas/bonus';
import { Button, focusRing } from '@web/components/ui';
import { BonusTypeIcon, PriorityBadge, RequestStatusBadge, RequestViewersEye, requestTitle, type RequestActions } from '@web/entities/bonus-request';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatMoney } from '@web/lib/format';

export interface KanbanCardProps {
  /** Its buttons show where the server says the caller may act (`request.abilities`). */
  request: ViewedRequest;
  column: RequestStatusGroup;
  actions: RequestActions;
  onDetail: (request: BonusRequest) => void;
  overlay?: boolean;
}

function CardBody({ request, actions, onDetail, overlay, handle }: Omit<KanbanCardProps, 'column'> & { handle?: ReactNode }) {
  const can = request.abilities;
  const processing = actions.processingId === request.id;
  const waiting = WAITING_STATUSES.includes(request.status);
  const active = ACTIVE_STATUSES.includes(request.status);
  return (
    <>
      <div className="flex items-center gap-2">
        <BonusTypeIcon type={request.bonusType} />
        <RequestStatusBadge status={request.status} />
        <span className="flex-1" />
        <RequestViewersEye requestId={request.id} />
        <PriorityBadge priority={request.priority} />
        {handle}
      </div>
      <p className="mt-2 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{request.customerName ?? request.customerUsername ?? '—'}</p>
      {/* The reference never truncates (agents copy it); it wraps. */}
      <p className="text-xs [overflow-wrap:anywhere] text-zinc-500 dark:text-zinc-400" data-testid="request-title">
        ID: {request.customerId ?? '—'} · {requestTitle(request)}
      </p>
      <p className="mt-1.5 text-base font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{formatMoney(request.amount)}</p>
      {request.assignedUserName && <p className="truncate text-xs text-zinc-600 dark:text-zinc-300">Atanan: {request.assignedUserName}</p>}
      <p className="mt-1 text-[11px] leading-4 text-zinc-500 dark:text-zinc-400">
        Oluşturulma <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        <br />
        Güncelleme <time dateTime={request.updatedAt}>{formatDateTime(request.updatedAt)}</time>
      </p>
      {!overlay && (
        <div className="mt-2.5">
          {waiting && can.canClaim ? (
            <Button size="sm" onClick={() => void actions.claim(request)} disabled={actions.busy} loading={processing} loadingText="İşleniyor…">
              Ata
            </Button>
          ) : active && can.canComplete ? (
            <Button size="sm" onClick={() => void actions.complete(request)} disabled={actions.busy} loading={processing} loadingText="İşleniyor…">
              Tamamla
            </Button>
          ) : !waiting && !active ? (
            <Button size="sm" variant="outline" onClick={() => onDetail(request)}>
              Detay
            </Button>
          ) : null}
        </div>
      )}
    </>
  );
}

/** The copy that follows the pointer while a card is dragged (no drag wiring, no buttons). */
export function KanbanCardOverlay(props: Omit<KanbanCardProps, 'overlay'>) {
  return (
    <div className="w-72 rotate-2 cursor-grabbing rounded-lg border border-indigo-300 bg-white p-3 shadow-xl dark:border-indigo-500/50 dark:bg-zinc-900">
      <CardBody {...props} overlay />
    </div>
  );
}

/**
 * A kanban card (spec §2.4). The mouse drags it from anywhere after 8 px; the keyboard
 * drags it from its handle (Space/Enter, arrows by 25 px, Space/Enter to drop, Escape).
 */
export function KanbanCard(props: Omit<KanbanCardProps, 'overlay'>) {
  const { request, column, actions } = props;
  const title = requestTitle(request);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: request.id,
    data: { column, request },
    // One request at a time: while one is being processed the others stay put.
    disabled: actions.busy,
  });
  return (
    <li
      ref={setNodeRef}
      aria-label={title}
      data-request-id={request.id}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLLIElement> | undefined}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        'cursor-grab touch-none rounded-lg border border-zinc-200 bg-white p-3 shadow-xs select-none dark:border-zinc-700 dark:bg-zinc-900',
        isDragging && 'opacity-40',
      )}
    >
      <CardBody
        {...props}
        handle={
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            onKeyDown={listeners?.onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
            aria-label={`Taşı: ${title}`}
            className={cn('-mr-1 rounded p-0.5 text-zinc-400 hover:text-zinc-700 dark:hover:text-zinc-200', focusRing)}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        }
      />
    </li>
  );
}
