import { projectParams } from '../schemas/api';
import {
  optionalSyncStartBody,
  syncLogPageSchema,
  syncLogSchema,
  syncLogsQuery,
  syncStatsQuery,
  syncStatsSchema,
  syncStatusSchema,
} from '../schemas/bridge-sync';
import { defineEndpoint } from './define-endpoint';

/** Bridge sync (spec §7.5): start a job, read its logs, status and figures. */
const tags = ['bridge-sync'] as const;

/** Both start paths: answered 202 with the job's new 'running' row at once; the work runs in the background. */
const syncStart = {
  method: 'POST',
  access: 'sync:run',
  tags,
  errors: ['SYNC_RUNNING', 'CONFLICT'],
  params: projectParams,
  body: optionalSyncStartBody,
  response: syncLogSchema,
  status: 202,
} as const;

export const startSync = defineEndpoint({
  ...syncStart,
  path: '/api/bridge/projects/:projectId/sync',
  summary: 'Senkronizasyonu başlat (arka planda çalışır; yeni log satırı hemen döner)',
});

/** The spec's second path (§7.5): no body means a bonus sync. */
export const startProjectSync = defineEndpoint({
  ...syncStart,
  path: '/api/projects/:projectId/bridge-sync/start',
  summary: 'Senkronizasyonu başlat (gövdesiz: bonus senkronizasyonu)',
});

export const listSyncLogs = defineEndpoint({
  method: 'GET',
  path: '/api/bridge/projects/:projectId/sync/logs',
  access: 'sync:read',
  summary: 'Senkronizasyon logları (en yeni önce, sayfalı)',
  tags,
  params: projectParams,
  query: syncLogsQuery,
  response: syncLogPageSchema,
});

export const getSyncStatus = defineEndpoint({
  method: 'GET',
  path: '/api/bridge/projects/:projectId/sync/status',
  access: 'sync:read',
  summary: 'Senkronizasyon durumu',
  tags,
  params: projectParams,
  response: syncStatusSchema,
});

export const getSyncStats = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/bridge-sync/stats',
  access: 'sync:read',
  summary: 'Senkronizasyon istatistikleri (dönem, varsayılan 30d)',
  tags,
  params: projectParams,
  query: syncStatsQuery,
  response: syncStatsSchema,
});
