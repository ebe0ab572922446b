import { getHealth, getReady } from '@common/contract/health';
import { isDemoMode } from '../../config';
import { route } from '../../lib/route';
import { checkReadiness } from '../../ops/readiness';
import type { App } from '../../types';

export default async function healthRoutes(app: App) {
  // Liveness: cheap, and still 200 while draining (the process is alive and finishing its work).
  route(app, getHealth, async (_request, reply) => {
    const database = await app.ctx.database.ping().then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const redis = await app.ctx.realtime.redisStatus();
    const healthy = database === 'up' && redis !== 'down';
    return reply
      .status(healthy ? 200 : 503)
      .send({ status: healthy ? 'ok' : 'degraded', database, redis, databaseKind: app.ctx.database.kind, demo: isDemoMode(app.ctx.config) });
  });
  route(app, getReady, async (_request, reply) => {
    const readiness = await checkReadiness(app.ctx);
    return reply
      .status(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });
}
