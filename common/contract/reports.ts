import { z } from 'zod';
import { approvalFiguresSchema, EXPORT_CONTENT_TYPES, exportFormatQuery, REPORT_TYPES, reportExportQuery, reportPeriodQuery } from '../analytics';
import { projectParams } from '../schemas/api';
import { requestListQuery } from '../schemas/bonus';
import { defineEndpoint } from './define-endpoint';

const tags = ['reports'] as const;

export const reportParams = projectParams.extend({
  type: z.enum(REPORT_TYPES, { error: 'Rapor türü bonus, agents, performance veya financial olmalıdır' }),
});

/** How a column's cells read: `int` counts, `decimal` averages with one decimal, `minutes` durations, `percent` 0–100. */
export const COLUMN_KINDS = ['text', 'int', 'decimal', 'money', 'date', 'datetime', 'minutes', 'percent'] as const;
export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof reportColumnSchema>;
export const reportPartSchema = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type ReportPart = z.infer<typeof reportPartSchema>;

export const topAgentSchema = z.object({
  agentId: z.number().int(),
  name: z.string(),
  completedCount: z.number().int(),
  totalAmount: z.string(),
});

/** §3 Report: the cards, the metrics, the top agents and the report's parts (one table / sheet each). */
export const reportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  project: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int(), label: z.string() }),
  totalRequests: z.number().int(),
  completedRequests: z.number().int(),
  totalAmount: z.string(),
  completionRate: z.number().nullable(),
  successRate: z.number().nullable(),
  averageProcessingTime: z.number().nullable(),
  medianProcessingTime: z.number().int().nullable(),
  p90ProcessingTime: z.number().int().nullable(),
  dailyAverage: z.number(),
  requeueCount: z.number().int(),
  statusCounts: z.record(z.string(), z.number().int()),
  topAgents: z.array(topAgentSchema),
  /** Four eyes: decisions in the period and what waits now (common/analytics.ts). */
  approvals: approvalFiguresSchema,
  parts: z.array(reportPartSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const getReport = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/reports/:type',
  access: 'report:read',
  apiToken: 'reports:read',
  summary: 'Rapor: bonus, agents, performance veya financial; period=YYYY-MM ya da from/to (en fazla 1 yıl)',
  tags,
  params: reportParams,
  query: reportPeriodQuery,
  response: reportSchema,
});

/** A file (xlsx or CSV), streamed. */
export const exportReport = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/reports/:type/export',
  access: 'report:read',
  apiToken: 'reports:read',
  summary: 'Raporu Excel (.xlsx) veya CSV olarak indir',
  tags,
  errors: ['EXPORT_BUSY'],
  params: reportParams,
  query: reportExportQuery,
  raw: true,
  produces: Object.values(EXPORT_CONTENT_TYPES),
});

/** Every request matching the list's filters, search and sort, as a file. */
export const exportRequests = defineEndpoint({
  method: 'GET',
  path: '/api/bonus/projects/:projectId/requests/export',
  access: 'request:read',
  apiToken: 'requests:read',
  summary: 'Talep listesini (filtre, arama, sıralama ile) Excel veya CSV olarak indir',
  tags: ['bonus'],
  errors: ['EXPORT_BUSY'],
  params: projectParams,
  query: requestListQuery.omit({ page: true, limit: true, stats: true }).extend(exportFormatQuery.shape),
  raw: true,
  produces: Object.values(EXPORT_CONTENT_TYPES),
});
