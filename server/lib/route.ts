import {
  endpointKey,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
} from '@common/contract/define-endpoint';
import { envelope } from '@common/schemas/api';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { ok, type App } from '../types';

/** A request whose params, query and body are the endpoint's parsed schemas. */
export type EndpointRequest<E extends EndpointDefinition> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

/**
 * The handler returns the envelope's `data`, or the reply itself when it has sent the answer
 * (a file, pre-serialised JSON, a raw endpoint).
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointData<E> | FastifyReply>;

/**
 * Registers a route from its contract entry: the access declaration the authentication
 * hook enforces, the schemas validation reads, and the success envelope. The OpenAPI document
 * is built from the same entries (lib/openapi.ts).
 */
export function route<E extends EndpointDefinition>(
  app: App,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** A per-address limit (@fastify/rate-limit), e.g. on sign-in steps. */
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
): void {
  const status = endpoint.status ?? 200;
  const access: FastifyContextConfig = endpoint.access === 'public' ? { public: true } : { permission: endpoint.access };
  // The contract test checks every /api route carries this mark: none is registered by hand.
  const config: FastifyContextConfig = { ...access, contract: endpointKey(endpoint), ...(endpoint.apiToken ? { apiToken: endpoint.apiToken } : {}) };
  if (options.rateLimit) {
    // The OpenAPI document lists a route's failures from its contract entry: a limit must be there.
    if (!endpoint.errors?.includes('RATE_LIMITED')) throw new Error(`${endpointKey(endpoint)}: rate limited, but its contract entry does not list RATE_LIMITED`);
    Object.assign(config, { rateLimit: options.rateLimit });
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [status]: endpoint.raw ? endpoint.response : envelope(endpoint.response) } } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as EndpointRequest<E>, reply);
      // A reply is a thenable: a handler returning it resolves (to undefined) when the answer has
      // ended — or when the client left in the middle of it (a cancelled download), when there is
      // nobody left to answer.
      if (result === reply || reply.sent || reply.raw.destroyed) return reply;
      return reply.status(status).send(ok(result));
    },
  });
}
