import { TABLE } from '@common/constants';
import { COMPLETED_ORDER, REQUEST_SORT_COLUMNS, type RequestListParams, type RequestSortColumn } from '@common/schemas/bonus';
import { TERMS } from '@common/terms';

/** The status filter buttons of /bonus (spec §2.5: All, New, Assigned, Completed; plus the problem ones). */
export const STATUS_FILTERS = [
  { value: 'all', label: 'Tümü' },
  { value: 'waiting', label: TERMS.waiting },
  { value: 'active', label: TERMS.active },
  { value: 'approval', label: TERMS.approvals },
  { value: 'completed', label: TERMS.completed },
  { value: 'problem', label: TERMS.problem },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];
export type PageSize = (typeof TABLE.bonusPageSizes)[number];
export type SortOrder = 'asc' | 'desc';

export interface TableState {
  status: StatusFilter;
  search: string;
  page: number;
  limit: PageSize;
  sortBy: RequestSortColumn;
  sortOrder: SortOrder;
  /** 'Benim': only the requests assigned to the signed-in user. */
  mine: boolean;
}

export const DEFAULT_TABLE_STATE: TableState = {
  status: 'all',
  search: '',
  page: 1,
  limit: TABLE.bonusDefaultPageSize,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  mine: false,
};

/**
 * The order a filter starts in: completed work by completion time, newest first (as the board's
 * 'Tamamlanan' column), everything else newest created first. A sort the user chose stays.
 */
export function defaultSort(status: StatusFilter): Pick<TableState, 'sortBy' | 'sortOrder'> {
  return status === 'completed' ? { ...COMPLETED_ORDER } : { sortBy: DEFAULT_TABLE_STATE.sortBy, sortOrder: DEFAULT_TABLE_STATE.sortOrder };
}

const oneOf = <T extends string | number>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * The table's filters, sort and page as the URL holds them, so a view can be shared and
 * survives a reload. Anything unreadable falls back to its default instead of failing.
 */
export function readTableState(params: URLSearchParams): TableState {
  const page = Number(params.get('page'));
  const status = oneOf(STATUS_FILTERS.map((f) => f.value), params.get('status'), DEFAULT_TABLE_STATE.status);
  const sort = defaultSort(status);
  return {
    status,
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    limit: oneOf(TABLE.bonusPageSizes, Number(params.get('limit')), DEFAULT_TABLE_STATE.limit),
    sortBy: oneOf(REQUEST_SORT_COLUMNS, params.get('sortBy'), sort.sortBy),
    sortOrder: oneOf(['asc', 'desc'] as const, params.get('sortOrder'), sort.sortOrder),
    mine: params.get('mine') === 'true',
  };
}

/** The URL for a state: defaults are left out, so the plain /bonus stays clean. */
export function writeTableState(state: TableState): URLSearchParams {
  const params = new URLSearchParams();
  const defaults = { ...DEFAULT_TABLE_STATE, ...defaultSort(state.status) };
  for (const key of Object.keys(DEFAULT_TABLE_STATE) as (keyof TableState)[]) {
    const value = key === 'search' ? state.search.trim() : state[key];
    if (value !== defaults[key]) params.set(key, String(value));
  }
  return params;
}

/**
 * A change of filter, search or page size starts again from page 1 (the old page may not
 * exist any more); a change of page alone keeps the rest. Another status filter brings its own
 * starting order (defaultSort) unless the user had chosen one.
 */
export function changeTableState(state: TableState, change: Partial<TableState>): TableState {
  const resetsPage = ['status', 'search', 'limit', 'sortBy', 'sortOrder', 'mine'].some(
    (key) => key in change && change[key as keyof TableState] !== state[key as keyof TableState],
  );
  const before = defaultSort(state.status);
  const keepsDefaultSort = change.status !== undefined && change.sortBy === undefined && state.sortBy === before.sortBy && state.sortOrder === before.sortOrder;
  return { ...state, ...(keepsDefaultSort ? defaultSort(change.status!) : {}), ...change, page: change.page ?? (resetsPage ? 1 : state.page) };
}

/** Numbers and dates sort largest/newest first when first clicked; text sorts A→Z. */
const DESC_FIRST: readonly RequestSortColumn[] = ['createdAt', 'updatedAt', 'completedAt', 'amount', 'priority', 'id'];

/** A click on a column header: the same column flips its order, another starts at its natural one. */
export function nextSort(state: Pick<TableState, 'sortBy' | 'sortOrder'>, column: RequestSortColumn): Pick<TableState, 'sortBy' | 'sortOrder'> {
  if (state.sortBy === column) return { sortBy: column, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: column, sortOrder: DESC_FIRST.includes(column) ? 'desc' : 'asc' };
}

/** The API query for a state; `userId` is the signed-in user, for 'Benim'. */
export function toListParams(state: TableState, userId?: number): RequestListParams {
  return {
    ...(state.mine && userId !== undefined ? { agentId: userId } : {}),
    status: state.status === 'all' ? undefined : state.status,
    search: state.search.trim() || undefined,
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
}
