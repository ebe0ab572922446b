import type { App } from '../types';
import { registerMetrics } from './metrics';
import { beginDraining } from './readiness';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * What production operation needs from every request and the app's life: the request id on every
 * answer (Fastify puts it on every log line of the request as `reqId`), /metrics, and readiness
 * turning 503 as soon as the app starts closing.
 */
export function registerOperations(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerMetrics(app);
  app.addHook('preClose', async () => beginDraining(app.ctx));
}
