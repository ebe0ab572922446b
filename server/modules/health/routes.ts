import { z } from 'zod';
import { isDemoMode } from '../../config';
import type { App } from '../../types';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'unused']),
  databaseKind: z.enum(['pglite', 'postgres']),
  /** Demo data is seeded: the login form may prefill the demo admin. */
  demo: z.boolean(),
});

/** For load balancers: 200 when the database answers, 503 when it does not. */
export default async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Sağlık durumu', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await app.ctx.database.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      );
      const redis = await app.ctx.realtime.redisStatus();
      const healthy = database === 'up' && redis !== 'down';
      return reply
        .status(healthy ? 200 : 503)
        .send({ status: healthy ? 'ok' : 'degraded', database, redis, databaseKind: app.ctx.database.kind, demo: isDemoMode(app.ctx.config) });
    },
  );
}
