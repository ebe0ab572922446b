import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestListQuery, RequestListResponse, RequestSortColumn } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, searchFold } from '../../db/schema';
import { presentRequest, selectPresentable } from './present-request';
import { loadStatusCounts, sumStatuses, toRequestStats } from './request-stats';

/** The whitelist of sortable columns; `notNull` columns sort in index order both ways. */
const SORT_COLUMNS: Record<RequestSortColumn, { column: PgColumn; notNull: boolean }> = {
  createdAt: { column: bonusRequests.createdAt, notNull: true },
  updatedAt: { column: bonusRequests.updatedAt, notNull: true },
  priority: { column: bonusRequests.priority, notNull: true },
  amount: { column: bonusRequests.amount, notNull: true },
  status: { column: bonusRequests.status, notNull: true },
  bonusType: { column: bonusRequests.bonusType, notNull: true },
  externalId: { column: bonusRequests.externalId, notNull: false },
  customerUsername: { column: bonusRequests.customerUsername, notNull: false },
  customerName: { column: bonusRequests.customerName, notNull: false },
  completedAt: { column: bonusRequests.completedAt, notNull: false },
  id: { column: bonusRequests.id, notNull: true },
};

/**
 * ORDER BY for a whitelisted column, with id as tie-breaker so pages never overlap. Not-null
 * columns use DESC NULLS LAST / ASC NULLS FIRST, the exact orders the (…, created_at DESC,
 * id DESC) indexes give forwards and backwards; empty values of nullable columns go last.
 */
export function requestOrder(sortBy: RequestSortColumn, sortOrder: 'asc' | 'desc'): SQL[] {
  const { column, notNull } = SORT_COLUMNS[sortBy];
  const direction = (col: PgColumn, nn: boolean) =>
    sortOrder === 'desc' ? sql`${col} desc nulls last` : nn ? sql`${col} asc nulls first` : sql`${col} asc nulls last`;
  return sortBy === 'id' ? [direction(column, true)] : [direction(column, notNull), direction(bonusRequests.id, true)];
}

/** LIKE pattern for a substring, with the user's %, _ and \ taken literally. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The SQL of one list call: the page's rows, and the match count when there is a search or
 * an assignee filter.
 * Separate from running it so the benchmark can EXPLAIN exactly what the endpoint runs.
 */
export function listRequestQueries(db: DbOrTx, projectId: number, query: RequestListQuery) {
  const statuses = query.status;
  const where = and(
    eq(bonusRequests.projectId, projectId),
    statuses === undefined ? undefined : statuses.length === 1 ? eq(bonusRequests.status, statuses[0]!) : inArray(bonusRequests.status, statuses),
    query.search ? sql`${bonusRequests.searchText} like ${searchFold(sql`${containsPattern(query.search)}::text`)}` : undefined,
    query.agentId === undefined ? undefined : eq(bonusRequests.assignedUserId, query.agentId),
  );
  const order = requestOrder(query.sortBy, query.sortOrder);
  // The page's ids first (an index-only range when the order has an index), then their rows.
  const pageIds = db
    .select({ id: bonusRequests.id })
    .from(bonusRequests)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page_ids');
  return {
    rows: selectPresentable(db).innerJoin(pageIds, eq(pageIds.id, bonusRequests.id)).orderBy(...order),
    // The per-status counts cannot narrow by text or assignee: those lists count their matches.
    matchCount: query.search || query.agentId !== undefined ? db.select({ n: count() }).from(bonusRequests).where(where) : undefined,
  };
}

/**
 * One page of a project's requests (spec §7.3). Totals come from the per-status counts when
 * there is no search, so the first page costs an index range of `limit` rows whatever the
 * table's size; a search counts its matches.
 */
export async function listRequests(db: DbOrTx, projectId: number, query: RequestListQuery): Promise<RequestListResponse> {
  const queries = listRequestQueries(db, projectId, query);
  const needCounts = query.stats || !queries.matchCount;
  const [rows, counts, matched] = await Promise.all([
    queries.rows,
    needCounts ? loadStatusCounts(db, projectId) : undefined,
    queries.matchCount,
  ]);
  const total = matched ? (matched[0]?.n ?? 0) : sumStatuses(counts!, query.status);
  return {
    items: rows.map(presentRequest),
    total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    ...(query.stats ? { stats: toRequestStats(counts!) } : {}),
  };
}
