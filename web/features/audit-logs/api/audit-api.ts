import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FRESHNESS } from '@common/constants';
import type { AuditCategory, AuditSeverity } from '@common/enums';
import type { Paged } from '@common/schemas/api';
import type { AuditDateRange, AuditLog, AuditStats, StatsPeriod } from '@common/schemas/audit';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface AuditFilters {
  search?: string;
  severity?: AuditSeverity;
  category?: AuditCategory;
  dateRange?: AuditDateRange;
  page: number;
  limit: number;
}

const base = (projectId: number) => `/api/projects/${projectId}/audit-logs`;

export function auditLogsQuery(projectId: number, filters: AuditFilters) {
  return queryOptions({
    queryKey: queryKeys.project(projectId).scope('audit-logs', filters),
    queryFn: ({ signal }) => api.get<Paged<AuditLog>>(base(projectId), { query: { ...filters }, signal }),
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
    queryFn: ({ signal }) => api.get<AuditStats>(`${base(projectId)}/stats`, { query: { period }, signal }),
    staleTime: FRESHNESS.stats,
  });
}

export function useAuditLog(projectId: number, id: number | null) {
  return useQuery({
    queryKey: queryKeys.project(projectId).scope('audit-log', { id }),
    queryFn: ({ signal }) => api.get<AuditLog>(`${base(projectId)}/${id}`, { signal }),
    enabled: id !== null,
  });
}
