import { z } from 'zod';
import { AUDIT_CATEGORIES, AUDIT_SEVERITIES } from '../enums';
import { pagedSchema, pageQuery } from './api';

export const AUDIT_MESSAGES = {
  empty: 'Log bulunamadı',
  loading: 'Loglar yükleniyor...',
  notFound: 'Log bulunamadı',
} as const;

export const AUDIT_DATE_RANGES = ['today', 'week', 'month'] as const;
export type AuditDateRange = (typeof AUDIT_DATE_RANGES)[number];
export const AUDIT_DATE_RANGE_LABELS: Record<AuditDateRange, string> = { today: 'Bugün', week: 'Bu Hafta', month: 'Bu Ay' };

export const STATS_PERIODS = ['7d', '30d', '90d'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_PERIOD_DAYS: Record<StatsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };
export const STATS_PERIOD_LABELS: Record<StatsPeriod, string> = { '7d': 'Son 7 gün', '30d': 'Son 30 gün', '90d': 'Son 90 gün' };

export const auditLogSchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  /** What people call the resource: a request's external reference, a person's or project's name; null when it has none. */
  resourceName: z.string().nullable(),
  /** The names of the people its details point at by id (assignee, askedBy…), on the single-row read. */
  people: z.record(z.string(), z.string()).optional(),
  severity: z.enum(AUDIT_SEVERITIES),
  category: z.enum(AUDIT_CATEGORIES),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  projectId: z.number().int().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  severity: z.enum(AUDIT_SEVERITIES).optional(),
  category: z.enum(AUDIT_CATEGORIES).optional(),
  dateRange: z.enum(AUDIT_DATE_RANGES).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditListSchema = pagedSchema(auditLogSchema);

export const statsQuery = z.object({ period: z.enum(STATS_PERIODS).default('30d') });

export const auditStatsSchema = z.object({
  period: z.enum(STATS_PERIODS),
  total: z.number().int(),
  /** high + critical */
  highSeverity: z.number().int(),
  securityEvents: z.number().int(),
  failedLogins: z.number().int(),
  bySeverity: z.record(z.enum(AUDIT_SEVERITIES), z.number().int()),
  byCategory: z.record(z.enum(AUDIT_CATEGORIES), z.number().int()),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;
