import { getHealth } from '@common/contract/health';
import { isDemoMode } from '../../config';
import { route } from '../../lib/route';
import type { App } from '../../types';

export default async function healthRoutes(app: App) {
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
}
