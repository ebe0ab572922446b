import { ShortcutsHint } from '@web/components/shortcuts-hint';
import type { UIEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FRESHNESS, TABLE } from '@common/constants';
import { Badge, ErrorState, focusRing, Spinner } from '@web/components/ui';
import { cn } from '@web/lib/cn';
import type { RequestListParams } from '@common/schemas/bonus';
import { fetchRequestPage, oldestWaitText, requestKeys, requestListQuery, requestTitle, useHeldItems, type RequestActions } from '@web/entities/bonus-request';
import { formatNumber } from '@web/lib/format';
import { BoardCard } from './board-card';
import { BOARD_COLUMN_LIMIT, BOARD_COLUMNS, type BoardColumnKey } from './board-columns';

type Column = (typeof BOARD_COLUMNS)[number];

/** A column's pages, loaded one after another as it scrolls. */
function useColumnPages(projectId: number, params: RequestListParams) {
  return useInfiniteQuery({
    queryKey: [...requestKeys.list(projectId, params), 'pages'],
    queryFn: ({ pageParam, signal }) => fetchRequestPage(projectId, { ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    staleTime: FRESHNESS.boardRequests,
  });
}

/** 'En eski: N gün': the oldest waiting request, read off the waiting age index; it opens that request. */
function OldestWait({ projectId, onOpen }: { projectId: number; onOpen: (id: number) => void }) {
  const oldest = useQuery(requestListQuery(projectId, { status: 'waiting', sortBy: 'createdAt', sortOrder: 'asc', limit: 1 }, FRESHNESS.boardRequests));
  const first = oldest.data?.items[0];
  if (!first) return null;
  return (
    <button
      type="button"
      onClick={() => onOpen(first.id)}
      title={`${requestTitle(first)} talebini aç`}
      className={cn('rounded text-left text-xs font-medium text-amber-800 underline underline-offset-2 hover:no-underline dark:text-amber-300', focusRing)}
      data-testid="oldest-wait"
    >
      {oldestWaitText(first.createdAt)}
    </button>
  );
}

function BoardColumn({ column, projectId, callerId, actions, onOpen }: { column: Column; projectId: number; callerId: number; actions: RequestActions; onOpen: (id: number) => void }) {
  const params = { ...column.params(callerId), limit: BOARD_COLUMN_LIMIT };
  const list = useColumnPages(projectId, params);
  const headingId = `board-column-${column.key}`;
  // While a claim from this column is held, the column shows itself as it was (see useHeldItems).
  const items = useHeldItems(list.data?.pages.flatMap((p) => p.items) ?? [], actions.holds);
  const total = list.data?.pages[0]?.total;
  const reservations = column.key === 'mine' ? actions.reservations : [];
  // Spec §9: the next page is asked for within 100 px of the column's end.
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= TABLE.infiniteScrollThresholdPx && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
  return (
    <section aria-labelledby={headingId} className="flex min-h-48 min-w-0 flex-col rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/50">
      <div className="flex items-start justify-between gap-2 px-3 pt-3 pb-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            {column.title}
          </h3>
          {column.helper && <p className="text-xs text-zinc-600 dark:text-zinc-400">{column.helper}</p>}
          {column.key === 'waiting' && <OldestWait projectId={projectId} onOpen={onOpen} />}
        </div>
        {total !== undefined && (
          <Badge aria-label={`${formatNumber(total)} talep`} data-testid={`count-${column.key}`}>
            {formatNumber(total)}
          </Badge>
        )}
      </div>
      <div className="flex-1 px-3 pb-3">
        {list.isError && list.data && <ErrorState variant="banner" query={list} className="mb-2" />}
        {list.isError && !list.data ? (
          <ErrorState query={list} className="px-0 py-6" />
        ) : list.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-zinc-600 dark:text-zinc-400">
            <Spinner size="sm" /> Veriler yükleniyor…
          </p>
        ) : items.length === 0 && reservations.length === 0 ? (
          <p className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">Bu kolonda kayıt yok.</p>
        ) : (
          <ul
            data-request-list={column.key}
            data-testid={`column-${column.key}`}
            aria-label={column.title}
            tabIndex={-1}
            onScroll={onScroll}
            className="-mr-1 flex max-h-[36rem] flex-col gap-2 overflow-y-auto pr-1"
          >
            {items.map((request) => (
              <BoardCard key={request.id} request={request} column={column.key as BoardColumnKey} actions={actions} onOpen={onOpen} />
            ))}
            {reservations.map((request, i) => (
              <BoardCard key={`r${request.id}`} request={request} column={column.key as BoardColumnKey} actions={actions} onOpen={onOpen} place={i + 1} />
            ))}
            {list.isFetchingNextPage && (
              <li role="status" className="flex items-center gap-2 py-2 text-xs text-zinc-600 dark:text-zinc-400">
                <Spinner size="sm" /> Yükleniyor...
              </li>
            )}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The board view (spec §2.4): four columns, each loaded, refreshed and scrolled on its own; `callerId` is the signed-in user ('Üzerimde'). */
export function RequestBoard({ projectId, callerId, actions, onOpen }: { projectId: number; callerId: number; actions: RequestActions; onOpen: (id: number) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center justify-end gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="hidden sm:inline">j/k talepler, h/l sütunlar, a üzerime al, t tamamla</span>
        <ShortcutsHint />
      </p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
        {BOARD_COLUMNS.map((column) => (
          <BoardColumn key={column.key} column={column} projectId={projectId} callerId={callerId} actions={actions} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}
