import * as contract from '@common/contract/bridge-sync';
import type { SyncStartInput } from '@common/schemas/bridge-sync';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { failInterruptedSyncs } from './fail-interrupted-syncs';
import { getSyncStats } from './get-sync-stats';
import { getSyncStatus } from './get-sync-status';
import { listSyncLogs } from './list-sync-logs';
import { syncRunnerOf } from './sync-runner';

/** Bridge sync (spec §7.5): start a job, read its logs, status and figures. */
export default async function bridgeSyncRoutes(app: App) {
  const ctx = app.ctx;
  const runner = syncRunnerOf(ctx);

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

  const start = (request: Pick<FastifyRequest, 'auth' | 'ip'>, projectId: number, body: SyncStartInput) => {
    const { user } = requireAuth(request);
    return runner.start({ projectId, body, actor: { id: user.id, username: user.username, fullName: user.fullName }, ipAddress: request.ip });
  };

  route(app, contract.startSync, async (request) => start(request, request.params.projectId, request.body));
  route(app, contract.startProjectSync, async (request) => start(request, request.params.projectId, request.body));
  route(app, contract.listSyncLogs, async (request) => listSyncLogs(ctx.database.db, { projectId: request.params.projectId, ...request.query }));
  route(app, contract.getSyncStatus, async (request) => getSyncStatus(ctx, request.params.projectId));
  route(app, contract.getSyncStats, async (request) =>
    getSyncStats(ctx.database.db, { projectId: request.params.projectId, period: request.query.period, now: ctx.clock.now() }),
  );
}
