import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { FRESHNESS } from '@common/constants';
import type { BonusRequest, RequestListParams } from '@common/schemas/bonus';
import { getRequestDetail, getRequestStats, listRequests } from '@common/contract/bonus-requests';
import { getCustomerSummary, getMyQueue } from '@common/contract/request-desk';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

/**
 * Every request query of a project lives under ['project', id, 'requests'], so one
 * invalidation (a socket event, a mutation) refreshes lists, columns, stats and details.
 */
export const requestKeys = {
  all: (projectId: number) => queryKeys.project(projectId).scope('requests'),
  list: (projectId: number, params: RequestListParams) => queryKeys.project(projectId).scope('requests', { view: 'list', ...params }),
  stats: (projectId: number) => queryKeys.project(projectId).scope('requests', { view: 'stats' }),
  mine: (projectId: number) => queryKeys.project(projectId).scope('requests', { view: 'mine' }),
  detail: (projectId: number, requestId: number) => queryKeys.project(projectId).scope('requests', { view: 'detail', requestId }),
  /** Under 'requests' too: every request event of the project refreshes the customer's history and limits. */
  customerSummary: (projectId: number, customer: CustomerRef) => queryKeys.project(projectId).scope('requests', { view: 'customer', ...customer }),
};

/** Whom a customer summary is for: the id a request carries, else its username (as the server's customer key compares them). */
export type CustomerRef = { customerId: string } | { customerUsername: string };

/** The customer of a request, or null when it names none. */
export function customerOf(request: Pick<BonusRequest, 'customerId' | 'customerUsername'>): CustomerRef | null {
  if (request.customerId) return { customerId: request.customerId };
  if (request.customerUsername) return { customerUsername: request.customerUsername };
  return null;
}

/** GET …/requests: one page of the project's requests (the table's, or a board column's next page). */
export function fetchRequestPage(projectId: number, params: RequestListParams, signal?: AbortSignal) {
  const { stats, ...rest } = params;
  // A URL carries the flag as text, the form the query schema reads.
  const query = { ...rest, stats: stats === undefined ? undefined : stats ? ('true' as const) : ('false' as const) };
  return apiCall(listRequests, { params: { projectId }, query }, { signal });
}

/** A page of requests as a query; `staleTime` is the screen's (10 s board, 30 s table). */
export function requestListQuery(projectId: number, params: RequestListParams, staleTime: number = FRESHNESS.tableRequests) {
  return queryOptions({
    queryKey: requestKeys.list(projectId, params),
    queryFn: ({ signal }) => fetchRequestPage(projectId, params, signal),
    staleTime,
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function requestStatsQuery(projectId: number) {
  return queryOptions({
    queryKey: requestKeys.stats(projectId),
    queryFn: ({ signal }) => apiCall(getRequestStats, { params: { projectId } }, { signal }),
    staleTime: FRESHNESS.stats,
  });
}

export function requestDetailQuery(projectId: number, requestId: number) {
  return queryOptions({
    queryKey: requestKeys.detail(projectId, requestId),
    queryFn: ({ signal }) => apiCall(getRequestDetail, { params: { projectId, requestId } }, { signal }),
    staleTime: FRESHNESS.boardRequests,
  });
}

/** The caller's load ('3/5') and reservations in hand-over order; refreshed with every request change. */
export function myQueueQuery(projectId: number) {
  return queryOptions({
    queryKey: requestKeys.mine(projectId),
    queryFn: ({ signal }) => apiCall(getMyQueue, { params: { projectId } }, { signal }),
    staleTime: FRESHNESS.boardRequests,
  });
}

/** Before paying: the customer's last requests, 30-day completions, open work and limits left. */
export function customerSummaryQuery(projectId: number, customer: CustomerRef) {
  return queryOptions({
    queryKey: requestKeys.customerSummary(projectId, customer),
    queryFn: ({ signal }) => apiCall(getCustomerSummary, { params: { projectId }, query: customer }, { signal }),
    staleTime: FRESHNESS.boardRequests,
  });
}
