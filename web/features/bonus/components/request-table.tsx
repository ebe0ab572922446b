import type { MouseEvent, ReactNode } from 'react';
import { Check } from 'lucide-react';
import { BONUS_TYPE_LABELS } from '@common/enums';
import { TERMS } from '@common/terms';
import { useQuery } from '@tanstack/react-query';
import { TABLE } from '@common/constants';
import type { BonusRequest, RequestSortColumn, ViewedRequest } from '@common/schemas/bonus';
import {
  Button,
  EmptyState,
  ErrorState,
  focusRing,
  LoadingState,
  Pagination,
  Select,
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow,
} from '@web/components/ui';
import {
  BonusTypeIcon,
  claimHint,
  claimLabel,
  GuardedButton,
  heldPhase,
  useHeldItems,
  RequestCardBadges,
  requestKeyHandler,
  PriorityBadge,
  requestListQuery,
  RequestStatusBadge,
  RequestViewersEye,
  requestTitle,
  type RequestActions,
} from '@web/entities/bonus-request';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { listSummary } from '../model/list-summary';
import { nextSort, toListParams, type TableState } from '../model/table-url-state';
import { focusableWhenScrollable } from '@web/lib/focusable-when-scrollable';

const COLUMN_COUNT = 6;
const cell = 'px-3';

/**
 * A row's (or phone card's) buttons: claim, complete, re-queue where the server says the caller may (`request.abilities`), and 'Detay'.
 * A row just claimed says so instead, with nothing to click, while it is held in place.
 */
function RowActions({ request, actions, onDetail, className }: { request: ViewedRequest; actions: RequestActions; onDetail: () => void; className?: string }) {
  const can = request.abilities;
  const processing = actions.processingId === request.id;
  const props = { size: 'sm' as const, disabled: actions.busy, loading: processing, loadingText: 'İşleniyor…' };
  const stop = (run: (event: MouseEvent) => void) => (event: MouseEvent) => {
    event.stopPropagation();
    run(event);
  };
  const held = heldPhase(actions.holds, request.id);
  if (held) {
    return (
      <p className={cn('flex h-8 items-center justify-end gap-1.5 text-sm font-medium whitespace-nowrap text-emerald-800 dark:text-emerald-300', className)}>
        <Check aria-hidden className="size-4" />
        {held === 'claimed' ? TERMS.claimed : TERMS.reserved}
      </p>
    );
  }
  return (
    <div className={cn('flex flex-wrap justify-end gap-1.5', className)}>
      {can.canClaim && (
        <GuardedButton {...props} data-main-action="" title={claimHint(actions.load)} onClick={stop((event) => void actions.claim(request, { keyboard: event.detail === 0 }))}>
          {claimLabel(actions.load)}
        </GuardedButton>
      )}
      {can.canComplete && (
        <GuardedButton {...props} data-main-action="" onClick={stop(() => actions.complete(request))}>
          {TERMS.complete}
        </GuardedButton>
      )}
      {can.canRequeue && (
        <GuardedButton {...props} variant="outline" onClick={stop(() => actions.requeue(request))}>
          {TERMS.requeue}
        </GuardedButton>
      )}
      <Button size="sm" variant="outline" onClick={stop(onDetail)}>
        {TERMS.detail}
      </Button>
    </div>
  );
}

/**
 * What a row (or phone card) does: opens the detail and answers the request's keys, except while
 * it is held after a claim — then it does nothing (focus may rest on it) and is not counted among
 * the list's cards, so focus goes on to the claimed request once it shows as it now is.
 */
function rowBehaviour(request: ViewedRequest, actions: RequestActions, onDetail: (request: BonusRequest) => void) {
  if (heldPhase(actions.holds, request.id)) return { 'data-claimed-card': request.id, tabIndex: -1 };
  return {
    'data-request-card': request.id,
    // While its claim is on its way, a click that falls through the disabled button opens nothing.
    onClick: () => !actions.holds.phases.has(request.id) && onDetail(request),
    onKeyDown: requestKeyHandler(request, actions, () => onDetail(request)),
  };
}

/** On a phone each row is a card, with its actions in view (no sideways scrolling). */
function RequestCardList({ items, actions, onDetail }: { items: ViewedRequest[]; actions: RequestActions; onDetail: (request: BonusRequest) => void }) {
  return (
    <ul className="flex flex-col gap-2 md:hidden" data-request-list="bonus-cards" aria-label="Bonus talepleri">
      {items.map((request) => (
        <li
          key={request.id}
          tabIndex={0}
          aria-label={requestTitle(request)}
          {...rowBehaviour(request, actions, onDetail)}
          className={cn('rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-900', focusRing)}
        >
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100">{requestTitle(request)}</p>
            <p className="shrink-0 font-semibold tabular-nums">{formatMoney(request.amount)}</p>
          </div>
          <p className="truncate text-sm text-zinc-700 dark:text-zinc-300">
            {request.customerUsername ?? '—'} · {BONUS_TYPE_LABELS[request.bonusType]}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
            <RequestStatusBadge status={request.status} />
            <PriorityBadge priority={request.priority} />
            {request.assignedUserName && <span className="text-zinc-600 dark:text-zinc-400">{request.assignedUserName}</span>}
            <RequestViewersEye requestId={request.id} />
          </div>
          <RequestCardBadges request={request} onOpen={(id) => onDetail({ ...request, id })} />
          <RowActions request={request} actions={actions} onDetail={() => onDetail(request)} className="mt-2 justify-start" />
        </li>
      ))}
    </ul>
  );
}

/** The sortable, paged table of /bonus (spec §2.5). */
export function RequestTable({
  projectId,
  state,
  onChange,
  callerId,
  actions,
  onDetail,
}: {
  projectId: number;
  state: TableState;
  onChange: (change: Partial<TableState>) => void;
  /** The signed-in user ('Üzerimde' lists their requests). */
  callerId: number;
  actions: RequestActions;
  onDetail: (request: BonusRequest) => void;
}) {
  const list = useQuery(requestListQuery(projectId, toListParams(state, callerId)));
  // While a claim from this page is held, the page shows itself as it was: no row slides into its place.
  const heldItems = useHeldItems(list.data?.items ?? [], actions.holds);
  const data = list.data && { ...list.data, items: heldItems };
  const sortable = (column: RequestSortColumn, label: ReactNode, className?: string) => (
    <SortableHeaderCell className={className} direction={state.sortBy === column ? state.sortOrder : null} onSort={() => onChange(nextSort(state, column))}>
      {label}
    </SortableHeaderCell>
  );

  return (
    <div className="flex flex-col gap-3" aria-busy={list.isFetching || undefined}>
      {/* A background refetch that failed leaves the rows on screen, marked as possibly stale. */}
      {data && list.isError && <ErrorState variant="banner" query={list} />}
      {data && data.items.length > 0 && <RequestCardList items={data.items} actions={actions} onDetail={onDetail} />}
      <div className={cn(data && data.items.length > 0 && 'hidden md:block')}>
      <Table label="Bonus talepleri">
        <TableHead>
          <tr>
            {sortable('createdAt', 'Talep')}
            {sortable('customerUsername', 'Kullanıcı')}
            {sortable('amount', 'Tutar', 'text-right')}
            {sortable('priority', 'Öncelik')}
            {sortable('status', 'Durum')}
            <TableHeaderCell className="text-right">İşlemler</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {!data && list.isError ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <ErrorState query={list} />
            </TableMessageRow>
          ) : !data ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <LoadingState />
            </TableMessageRow>
          ) : data.items.length === 0 ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <EmptyState title="Kayıt bulunamadı" description={state.search ? 'Aramanızla eşleşen talep yok.' : 'Bu filtrede talep yok.'} />
            </TableMessageRow>
          ) : (
            data.items.map((request) => (
              <TableRow
                key={request.id}
                data-request-id={request.id}
                tabIndex={0}
                aria-label={requestTitle(request)}
                {...rowBehaviour(request, actions, onDetail)}
                className={cn(heldPhase(actions.holds, request.id) ? 'bg-emerald-50 dark:bg-emerald-950/40' : 'cursor-pointer', focusRing)}
              >
                <TableCell className={cell}>
                  <div className="flex items-center gap-2.5" title={request.description ?? undefined}>
                    <BonusTypeIcon type={request.bonusType} className="size-7" />
                    <div className="min-w-0">
                      <p className="font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100">{requestTitle(request)}</p>
                      <RequestViewersEye requestId={request.id} />
                      <RequestCardBadges request={request} onOpen={(id) => onDetail({ ...request, id })} />
                      <p className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">
                        <time dateTime={request.createdAt} title="Oluşturulma">
                          {formatDateTime(request.createdAt)}
                        </time>
                      </p>
                    </div>
                  </div>
                </TableCell>
                <TableCell className={cell}>
                  <p>{request.customerUsername ?? '—'}</p>
                  {request.userId && <p className="text-xs text-zinc-500 dark:text-zinc-400">ID: {request.userId}</p>}
                </TableCell>
                <TableCell className={`${cell} text-right whitespace-nowrap tabular-nums`}>{formatMoney(request.amount)}</TableCell>
                <TableCell className={cell}>
                  <PriorityBadge priority={request.priority} />
                </TableCell>
                <TableCell className={cell}>
                  <RequestStatusBadge status={request.status} />
                  {request.assignedUserName && <p className="mt-0.5 text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">{request.assignedUserName}</p>}
                </TableCell>
                <TableCell className={cell}>
                  <RowActions request={request} actions={actions} onDetail={() => onDetail(request)} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Select
          label="Sayfa başına"
          containerClassName="w-28"
          value={state.limit}
          onChange={(event) => onChange({ limit: Number(event.target.value) as TableState['limit'] })}
          options={TABLE.bonusPageSizes.map((n) => ({ value: n, label: String(n) }))}
        />
        {data && (
          // On a phone the page buttons may be wider than the screen: they scroll, the page does not.
          <div ref={focusableWhenScrollable} className={cn('max-w-full min-w-0 flex-1 overflow-x-auto', focusRing)}>
            <Pagination
              page={state.page}
              totalPages={data.totalPages}
              onPageChange={(page) => onChange({ page })}
              summary={listSummary(data, data.items.length)}
            />
          </div>
        )}
      </div>
    </div>
  );
}
