import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { App } from '../../types';
import type { ApiTokenCaller } from './authenticate-api-token';

const tokenOf = (request: FastifyRequest) => (request.auth as Partial<ApiTokenCaller> | null)?.apiTokenId;

/**
 * Each API token has its own budget of calls a minute (API_TOKEN_RATE_LIMIT), counted by
 * @fastify/rate-limit after the authentication hook has named the token; people's calls are not
 * counted. Attached only to the routes a token may call: the plugin runs one limit per request,
 * so an app-wide hook would switch off the sign-in's own per-address limit. Route hooks run after
 * the app's, so the token is known by then. Call before the routes are registered.
 */
export function registerApiTokenRateLimit(app: App): void {
  const limit = app.rateLimit({
    max: app.ctx.config.API_TOKEN_RATE_LIMIT,
    timeWindow: '1 minute',
    keyGenerator: (request) => `api-token:${tokenOf(request) ?? 'none'}`,
    allowList: (request) => tokenOf(request) === undefined,
  }) as onRequestHookHandler;
  app.addHook('onRoute', (route) => {
    if (!route.config?.apiToken) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...own, limit];
  });
}
