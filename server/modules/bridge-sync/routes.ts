import { envelope, projectParams } from '@common/schemas/api';
import {
  optionalSyncStartBody,
  syncLogPageSchema,
  syncLogSchema,
  syncLogsQuery,
  syncStatsQuery,
  syncStatsSchema,
  syncStatusSchema,
  type SyncStartInput,
} from '@common/schemas/bridge-sync';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../policies/authorize';
import { ok, type App } from '../../types';
import { failInterruptedSyncs } from './fail-interrupted-syncs';
import { getSyncStats } from './get-sync-stats';
import { getSyncStatus } from './get-sync-status';
import { listSyncLogs } from './list-sync-logs';
import { syncRunnerFor } from './sync-runner';

/** Bridge sync (spec §7.5): start a job, read its logs, status and figures. */
export default async function bridgeSyncRoutes(app: App) {
  const ctx = app.ctx;
  const runner = syncRunnerFor(ctx);

  // A job left 'running' by a process that died is closed before this one serves anything. The
  // embedded database belongs to one process, so there every such row is dead; on PostgreSQL
  // other instances may be running jobs, so only rows whose heartbeat stopped are — and a job of
  // a process killed just before this restart is looked at again once its heartbeat is stale.
  let recheck: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await failInterruptedSyncs(ctx, { everyRunning: ctx.database.kind === 'pglite' });
    if (ctx.database.kind === 'postgres') {
      recheck = setTimeout(() => {
        failInterruptedSyncs(ctx, { everyRunning: false, exceptIds: runner.runningIds() }).catch((err) =>
          ctx.log.warn({ err }, 'could not close interrupted sync jobs'),
        );
      }, ctx.config.SYNC_STALE_AFTER_SECONDS * 1000 + 1_000);
      recheck.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearTimeout(recheck);
    await runner.stopAll();
  });

  const start = (request: FastifyRequest, projectId: number, body: SyncStartInput) => {
    const { user } = requireAuth(request);
    return runner.start({ projectId, body, actor: { id: user.id, username: user.username, fullName: user.fullName }, ipAddress: request.ip });
  };
  const started = { 202: envelope(syncLogSchema) };

  app.post(
    '/api/bridge/projects/:projectId/sync',
    {
      config: { permission: 'sync:run' },
      schema: {
        tags: ['bridge-sync'],
        summary: 'Senkronizasyonu başlat (arka planda çalışır; yeni log satırı hemen döner)',
        params: projectParams,
        body: optionalSyncStartBody,
        response: started,
      },
    },
    async (request, reply) => reply.status(202).send(ok(await start(request, request.params.projectId, request.body))),
  );

  app.post(
    '/api/projects/:projectId/bridge-sync/start',
    {
      config: { permission: 'sync:run' },
      schema: {
        tags: ['bridge-sync'],
        summary: 'Senkronizasyonu başlat (gövdesiz: bonus senkronizasyonu)',
        params: projectParams,
        body: optionalSyncStartBody,
        response: started,
      },
    },
    async (request, reply) => reply.status(202).send(ok(await start(request, request.params.projectId, request.body))),
  );

  app.get(
    '/api/bridge/projects/:projectId/sync/logs',
    {
      config: { permission: 'sync:read' },
      schema: {
        tags: ['bridge-sync'],
        summary: 'Senkronizasyon logları (en yeni önce, sayfalı)',
        params: projectParams,
        querystring: syncLogsQuery,
        response: { 200: envelope(syncLogPageSchema) },
      },
    },
    async (request) => ok(await listSyncLogs(ctx.database.db, { projectId: request.params.projectId, ...request.query })),
  );

  app.get(
    '/api/bridge/projects/:projectId/sync/status',
    {
      config: { permission: 'sync:read' },
      schema: { tags: ['bridge-sync'], summary: 'Senkronizasyon durumu', params: projectParams, response: { 200: envelope(syncStatusSchema) } },
    },
    async (request) => ok(await getSyncStatus(ctx, request.params.projectId)),
  );

  app.get(
    '/api/projects/:projectId/bridge-sync/stats',
    {
      config: { permission: 'sync:read' },
      schema: {
        tags: ['bridge-sync'],
        summary: 'Senkronizasyon istatistikleri (dönem, varsayılan 30d)',
        params: projectParams,
        querystring: syncStatsQuery,
        response: { 200: envelope(syncStatsSchema) },
      },
    },
    async (request) => ok(await getSyncStats(ctx.database.db, { projectId: request.params.projectId, period: request.query.period, now: ctx.clock.now() })),
  );
}
