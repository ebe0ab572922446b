import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FRESHNESS } from '@common/constants';
import { paths } from '@web/app/paths';
import { Badge, Spinner } from '@web/components/ui';
import { requestListQuery, type Caller, type RequestActions } from '@web/entities/bonus-request';
import { errorMessage } from '@web/lib/api-error';
import { formatNumber } from '@web/lib/format';
import { BoardCard } from './board-card';
import { BOARD_COLUMN_LIMIT, BOARD_COLUMNS, type BoardColumnKey } from './board-columns';

function BoardColumn({ column, projectId, caller, actions }: { column: (typeof BOARD_COLUMNS)[number]; projectId: number; caller: Caller; actions: RequestActions }) {
  const params = { ...column.params(caller.id), limit: BOARD_COLUMN_LIMIT };
  const list = useQuery(requestListQuery(projectId, params, FRESHNESS.boardRequests));
  const headingId = `board-column-${column.key}`;
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} className="flex min-h-48 flex-col rounded-xl border border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/50">
      <div className="flex items-start justify-between gap-2 px-3 pt-3 pb-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            {column.title}
          </h3>
          {column.helper && <p className="text-xs text-zinc-500 dark:text-zinc-400">{column.helper}</p>}
        </div>
        {list.data && (
          <Badge aria-label={`${formatNumber(list.data.total)} talep`} data-testid={`count-${column.key}`}>
            {formatNumber(list.data.total)}
          </Badge>
        )}
      </div>
      <div className="flex-1 px-3 pb-3">
        {list.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner size="sm" /> Veriler yükleniyor…
          </p>
        ) : list.isError ? (
          <p role="alert" className="py-6 text-sm text-red-600 dark:text-red-400">
            {errorMessage(list.error)}
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">Bu kolonda kayıt yok.</p>
        ) : (
          <ul className="-mr-1 flex max-h-[36rem] flex-col gap-2 overflow-y-auto pr-1">
            {items.map((request) => (
              <BoardCard key={request.id} request={request} column={column.key as BoardColumnKey} caller={caller} actions={actions} />
            ))}
          </ul>
        )}
        {list.data && list.data.total > items.length && (
          <Link to={`${paths.bonus}?status=${column.params(caller.id).status}`} className="mt-2 block text-center text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Son {items.length} talep gösteriliyor · tümü için Bonus Talepleri
          </Link>
        )}
      </div>
    </section>
  );
}

/** The board view (spec §2.4): four columns, each loaded and refreshed on its own. */
export function RequestBoard({ projectId, caller, actions }: { projectId: number; caller: Caller; actions: RequestActions }) {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
      {BOARD_COLUMNS.map((column) => (
        <BoardColumn key={column.key} column={column} projectId={projectId} caller={caller} actions={actions} />
      ))}
    </div>
  );
}
