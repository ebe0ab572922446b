import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FRESHNESS } from '@common/constants';
import type { AuditCategory, AuditSeverity } from '@common/enums';
import { getAuditLog, getAuditStats, listAuditLogs } from '@common/contract/audit';
import type { AuditDateRange, StatsPeriod } from '@common/schemas/audit';
import { apiCall } from '@web/lib/api-call';
import { queryKeys } from '@web/lib/query-keys';

export interface AuditFilters {
  search?: string;
  severity?: AuditSeverity;
  category?: AuditCategory;
  dateRange?: AuditDateRange;
  page: number;
  limit: number;
}

export function auditLogsQuery(projectId: number, filters: AuditFilters) {
  return queryOptions({
    queryKey: queryKeys.project(projectId).scope('audit-logs', filters),
    queryFn: ({ signal }) => apiCall(listAuditLogs, { params: { projectId }, query: { ...filters } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLogs(projectId: number, filters: AuditFilters) {
  return useQuery(auditLogsQuery(projectId, filters));
}

/** The four stat cards' counts (period default 30d, spec §9). */
export function useAuditStats(projectId: number, period: StatsPeriod = '30d') {
  return useQuery({
    queryKey: queryKeys.project(projectId).scope('audit-stats', { period }),
    queryFn: ({ signal }) => apiCall(getAuditStats, { params: { projectId }, query: { period } }, { signal }),
    staleTime: FRESHNESS.stats,
  });
}

export function useAuditLog(projectId: number, id: number | null) {
  return useQuery({
    queryKey: queryKeys.project(projectId).scope('audit-log', { id }),
    queryFn: ({ signal }) => apiCall(getAuditLog, { params: { projectId, id: id! } }, { signal }),
    enabled: id !== null,
  });
}
