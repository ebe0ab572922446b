import { z } from 'zod';
import { SYNC_STATUSES, SYNC_TYPES } from '../enums';
import { pagedSchema } from './api';

/** Turkish texts of the bridge sync feature (spec §2.4, §2.13, §8), written once for client and server. */
export const SYNC_MESSAGES = {
  alreadyRunning: 'Senkronizasyon zaten çalışıyor',
  started: 'Senkronizasyon başlatıldı',
  startFailed: 'Senkronizasyon başlatılamadı',
  dashboardTriggered: 'Bridge senkronizasyonu tetiklendi',
  dashboardError: 'Senkronizasyon hatası',
  serverRestarted: 'Sunucu yeniden başlatıldı',
  serverStopping: 'Sunucu kapanırken senkronizasyon durduruldu',
  projectInactive: 'Proje pasif olduğu için senkronizasyon başlatılamaz',
  scheduleName: 'Zamanlayıcı',
  syncTypeInvalid: 'Senkronizasyon türü bonus, personnel, statistics veya custom olmalıdır',
  forceFullSyncInvalid: 'Tam senkronizasyon alanı true veya false olmalıdır',
  dateInvalid: 'Tarih YYYY-AA-GG biçiminde olmalıdır',
  dateFromRequired: 'Başlangıç tarihi gereklidir',
  dateToRequired: 'Bitiş tarihi gereklidir',
  dateOrder: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
  dateRangeTooLong: 'Tarih aralığı en fazla 366 gün olabilir',
  periodInvalid: 'Dönem 1d ile 365d arasında olmalıdır (ör. 30d)',
  noLogs: 'Log bulunamadı',
  noLogsHint: 'Henüz senkronizasyon logu bulunmuyor.',
  logsLoading: 'Loglar yükleniyor...',
  dashboardNoLogs: 'Kayıt bulunamadı.',
  dashboardLogsLoading: 'Senkron kayıtları yükleniyor…',
  never: 'Hiç',
} as const;

export const MAX_CUSTOM_RANGE_DAYS = 366;

const isoDate = z
  .string({ error: SYNC_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SYNC_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), SYNC_MESSAGES.dateInvalid);

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The sync payload (spec §3): the dashboard sends only {syncType:'bonus'}; custom needs a date range. */
export const syncStartBody = z
  .object({
    syncType: z.enum(SYNC_TYPES, { error: SYNC_MESSAGES.syncTypeInvalid }).default('bonus'),
    forceFullSync: z.boolean({ error: SYNC_MESSAGES.forceFullSyncInvalid }).default(false),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
  })
  .superRefine((body, issue) => {
    if (body.syncType !== 'custom') return;
    if (!body.dateFrom) issue.addIssue({ code: 'custom', path: ['dateFrom'], message: SYNC_MESSAGES.dateFromRequired });
    if (!body.dateTo) issue.addIssue({ code: 'custom', path: ['dateTo'], message: SYNC_MESSAGES.dateToRequired });
    if (body.dateFrom && body.dateTo) {
      const days = daysBetween(body.dateFrom, body.dateTo);
      if (days < 0) issue.addIssue({ code: 'custom', path: ['dateTo'], message: SYNC_MESSAGES.dateOrder });
      else if (days >= MAX_CUSTOM_RANGE_DAYS) issue.addIssue({ code: 'custom', path: ['dateTo'], message: SYNC_MESSAGES.dateRangeTooLong });
    }
  });
export type SyncStartBody = z.input<typeof syncStartBody>;
export type SyncStartInput = z.output<typeof syncStartBody>;

/** No body at all (POST /projects/{p}/bridge-sync/start; Fastify gives null) means a bonus sync. */
export const optionalSyncStartBody = syncStartBody.nullish().transform((b) => b ?? syncStartBody.parse({}));

export const syncRowErrorSchema = z.object({ externalId: z.string().optional(), message: z.string() });
export type SyncRowError = z.infer<typeof syncRowErrorSchema>;

/** A sync log row (spec §3 Sync log) with its counts and who started it. */
export const syncLogSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  syncType: z.enum(SYNC_TYPES),
  status: z.enum(SYNC_STATUSES),
  forceFullSync: z.boolean(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  trigger: z.enum(['manual', 'schedule']),
  startedByUserId: z.number().int().nullable(),
  /** The person's full name, or 'Zamanlayıcı' for the schedule. */
  startedByName: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  rowsTotal: z.number().int().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsFailed: z.number().int(),
  errors: z.array(syncRowErrorSchema),
});
export type SyncLog = z.infer<typeof syncLogSchema>;

export const syncLogPageSchema = pagedSchema(syncLogSchema);
export type SyncLogPage = z.infer<typeof syncLogPageSchema>;

/** The live figures of a running job: the 'sync-progress' socket payload and part of the status. */
export const syncProgressSchema = z.object({
  logId: z.number().int(),
  projectId: z.number().int(),
  syncType: z.enum(SYNC_TYPES),
  status: z.enum(SYNC_STATUSES),
  startedAt: z.string(),
  rowsTotal: z.number().int().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsFailed: z.number().int(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/** Spec §3 Sync status, plus the running job's progress. */
export const syncStatusSchema = z.object({
  isRunning: z.boolean(),
  statistics: z.object({ total: z.number().int(), success: z.number().int(), partial: z.number().int(), failed: z.number().int() }),
  latestSync: z.object({ id: z.number().int(), startedAt: z.string(), status: z.enum(SYNC_STATUSES), syncType: z.enum(SYNC_TYPES) }).nullable(),
  current: syncProgressSchema.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** 'sync-finished' socket payload: the log row as it ended. */

export const syncLogsQuery = z.object({
  page: z.coerce.number({ error: 'Sayfa bir tam sayı olmalıdır' }).int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number({ error: 'Sayfa boyutu bir tam sayı olmalıdır' }).int().min(1).max(100).default(20),
});

export const syncStatsQuery = z.object({
  period: z
    .string()
    .regex(/^\d{1,3}d$/, SYNC_MESSAGES.periodInvalid)
    .refine((p) => Number(p.slice(0, -1)) >= 1 && Number(p.slice(0, -1)) <= 365, SYNC_MESSAGES.periodInvalid)
    .default('30d'),
});

export const syncStatsSchema = z.object({
  period: z.string(),
  since: z.string(),
  total: z.number().int(),
  success: z.number().int(),
  partial: z.number().int(),
  failed: z.number().int(),
  running: z.number().int(),
  /** success / total as a percent with one decimal; 0 without syncs. */
  successRate: z.number(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsFailed: z.number().int(),
  averageDurationSeconds: z.number().nullable(),
  lastSuccessAt: z.string().nullable(),
  byType: z.record(z.enum(SYNC_TYPES), z.number().int()),
});
export type SyncStats = z.infer<typeof syncStatsSchema>;

/** Success rate shown on /bridge-sync: success / total as a whole percent, or 0. */
export function successRatePercent(statistics: { total: number; success: number }): number {
  return statistics.total > 0 ? Math.round((statistics.success / statistics.total) * 1000) / 10 : 0;
}
