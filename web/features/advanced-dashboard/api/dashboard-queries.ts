import { queryOptions } from '@tanstack/react-query';
import type { DashboardPeriod } from '@common/analytics';
import { getDashboardActivity, getDashboardHealth, getDashboardPerformance, getDashboardStats } from '@common/contract/dashboard';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

/** Every dashboard query of a project sits under this key: one invalidation refetches them all. */
export const dashboardKey = (projectId: number) => queryKeys.project(projectId).scope('dashboard');

export const dashboardStatsQuery = (projectId: number, period: DashboardPeriod = '30d') =>
  queryOptions({
    queryKey: [...dashboardKey(projectId), 'stats', period],
    queryFn: ({ signal }) => apiCall(getDashboardStats, { params: { projectId }, query: { period } }, { signal }),
  });

export const dashboardPerformanceQuery = (projectId: number, period: DashboardPeriod = '7d') =>
  queryOptions({
    queryKey: [...dashboardKey(projectId), 'performance', period],
    queryFn: ({ signal }) => apiCall(getDashboardPerformance, { params: { projectId }, query: { period } }, { signal }),
  });

export const dashboardHealthQuery = (projectId: number) =>
  queryOptions({
    queryKey: [...dashboardKey(projectId), 'health'],
    queryFn: ({ signal }) => apiCall(getDashboardHealth, { params: { projectId } }, { signal }),
  });

export const dashboardActivityQuery = (projectId: number, limit = 10) =>
  queryOptions({
    queryKey: [...dashboardKey(projectId), 'activity', limit],
    queryFn: ({ signal }) => apiCall(getDashboardActivity, { params: { projectId }, query: { limit } }, { signal }),
  });
