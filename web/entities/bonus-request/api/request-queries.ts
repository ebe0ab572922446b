import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { FRESHNESS } from '@common/constants';
import type { RequestDetail, RequestListParams, RequestListResponse, RequestStats } from '@common/schemas/bonus';
import { getMyQueue } from '@common/contract/request-desk';
import { api } from '@web/lib/api-client';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

export const requestsPath = (projectId: number) => `/api/bonus/projects/${projectId}/requests`;

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
};

/** GET …/requests: a page of requests; `staleTime` is the screen's (10 s board, 30 s table). */
export function requestListQuery(projectId: number, params: RequestListParams, staleTime: number = FRESHNESS.tableRequests) {
  return queryOptions({
    queryKey: requestKeys.list(projectId, params),
    queryFn: ({ signal }) => api.get<RequestListResponse>(requestsPath(projectId), { query: { ...params }, signal }),
    staleTime,
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function requestStatsQuery(projectId: number) {
  return queryOptions({
    queryKey: requestKeys.stats(projectId),
    queryFn: ({ signal }) => api.get<RequestStats>(`${requestsPath(projectId)}/stats`, { signal }),
    staleTime: FRESHNESS.stats,
  });
}

export function requestDetailQuery(projectId: number, requestId: number) {
  return queryOptions({
    queryKey: requestKeys.detail(projectId, requestId),
    queryFn: ({ signal }) => api.get<RequestDetail>(`${requestsPath(projectId)}/${requestId}`, { signal }),
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
