import type { FastifyInstance } from 'fastify';
import { authenticateToken } from '../modules/auth/sessions';

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Every route under /api needs a live session unless its config says `public`. */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.public) return;
    request.auth = await authenticateToken(app.ctx, bearer(request.headers.authorization));
  });
}
