import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExportFormat, ReportType } from '@common/analytics';
import { exportReport, getReport } from '@common/contract/reports';
import { apiCall } from '@web/lib/api-call';
import { downloadEndpointFile } from '@web/lib/download-file';
import { queryKeys } from '@web/lib/query-keys';

/** The period the screen asks for: a month, or a custom range of days. */
export type ReportPeriod = { period: string } | { from: string; to: string };

export const reportQuery = (projectId: number, type: ReportType, period: ReportPeriod) =>
  queryOptions({
    queryKey: queryKeys.project(projectId).scope('reports', { type, ...period }),
    queryFn: ({ signal }) => apiCall(getReport, { params: { projectId, type }, query: period }, { signal }),
    placeholderData: keepPreviousData,
  });

export const downloadReport = (projectId: number, type: ReportType, period: ReportPeriod, format: ExportFormat, onProgress: (bytes: number) => void) =>
  downloadEndpointFile(exportReport, { params: { projectId, type }, query: { ...period, format } }, onProgress);
