import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TABLE } from '@common/constants';
import type { BonusRequest, RequestSortColumn } from '@common/schemas/bonus';
import {
  Button,
  EmptyState,
  ErrorState,
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
  PriorityBadge,
  requestAbilities,
  requestListQuery,
  RequestStatusBadge,
  requestTitle,
  type Caller,
  type RequestActions,
} from '@web/entities/bonus-request';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { listSummary } from '../model/list-summary';
import { nextSort, toListParams, type TableState } from '../model/table-url-state';

const COLUMN_COUNT = 6;
const cell = 'px-3';

function RowActions({ request, caller, actions, onDetail }: { request: BonusRequest; caller: Caller; actions: RequestActions; onDetail: () => void }) {
  const can = requestAbilities(request, caller);
  const processing = actions.processingId === request.id;
  return (
    <div className="flex justify-end gap-1.5">
      {can.claim && (
        <Button size="sm" onClick={() => void actions.claim(request)} disabled={actions.busy} loading={processing} loadingText="İşleniyor…">
          Üzerime Al
        </Button>
      )}
      {can.complete && (
        <Button size="sm" onClick={() => void actions.complete(request)} disabled={actions.busy} loading={processing} loadingText="İşleniyor…">
          Tamamla
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onDetail}>
        Detay
      </Button>
    </div>
  );
}

/** The sortable, paged table of /bonus (spec §2.5). */
export function RequestTable({
  projectId,
  state,
  onChange,
  caller,
  actions,
  onDetail,
}: {
  projectId: number;
  state: TableState;
  onChange: (change: Partial<TableState>) => void;
  caller: Caller;
  actions: RequestActions;
  onDetail: (request: BonusRequest) => void;
}) {
  const list = useQuery(requestListQuery(projectId, toListParams(state)));
  const data = list.data;
  const sortable = (column: RequestSortColumn, label: ReactNode, className?: string) => (
    <SortableHeaderCell className={className} direction={state.sortBy === column ? state.sortOrder : null} onSort={() => onChange(nextSort(state, column))}>
      {label}
    </SortableHeaderCell>
  );

  return (
    <div className="flex flex-col gap-3" aria-busy={list.isFetching || undefined}>
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
          {list.isPending ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <LoadingState />
            </TableMessageRow>
          ) : list.isError ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <ErrorState error={list.error} onRetry={() => void list.refetch()} />
            </TableMessageRow>
          ) : data!.items.length === 0 ? (
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <EmptyState title="Kayıt bulunamadı" description={state.search ? 'Aramanızla eşleşen talep yok.' : 'Bu filtrede talep yok.'} />
            </TableMessageRow>
          ) : (
            data!.items.map((request) => (
              <TableRow key={request.id} data-request-id={request.id}>
                <TableCell className={cell}>
                  <div className="flex items-center gap-2.5" title={request.description ?? undefined}>
                    <BonusTypeIcon type={request.bonusType} className="size-7" />
                    <div className="min-w-0">
                      <p className="font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100">{requestTitle(request)}</p>
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
                  <RowActions request={request} caller={caller} actions={actions} onDetail={() => onDetail(request)} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
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
          <div className="max-w-full min-w-0 flex-1 overflow-x-auto">
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
