import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@common/permissions';
import type { ApiTokenAbility } from '@common/schemas/api-tokens';
import type { AppContext } from './context';
import type { AuthContext } from './modules/sessions';

/** The Fastify instance with zod schemas as its type provider. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set once authentication and validation passed: the route's handler runs (plugins/authenticate.ts). */
    reachedHandler: boolean;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, refresh, health, docs). */
    public?: boolean;
    /** Who may call the route: a permission of the matrix, or any signed-in user. */
    permission?: Permission | 'authenticated';
    /** Set by `route()`: the contract entry ('GET /api/…') the route was registered from. */
    contract?: string;
    /** Set by `route()`: the ability a machine's API token needs to call the route; none: tokens may not. */
    apiToken?: ApiTokenAbility;
  }
}

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
