import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { AuthUser } from './auth-context';
import { requireAuth } from './authorize';

/**
 * Who a change is recorded under (timeline events, audit rows, sync logs): a signed-in person,
 * or the server itself with a null id ('Sistem', routing, the sync). A signed-in `AuthUser` is one.
 */
export interface Actor {
  id: number | null;
  username: string | null;
  fullName: string | null;
}

/** A signed-in person as the policies see them: who, and with which role. */
export type Caller = Pick<AuthUser, 'id' | 'role'>;

/**
 * The first argument of every service that changes something: who is acting and from where.
 * Every such service has the one shape `service(scope, input)`, with its input as one object.
 */
export interface ActorContext {
  ctx: AppContext;
  actor: AuthUser;
  ipAddress: string | null;
}

export function actorContext(request: FastifyRequest): ActorContext {
  return { ctx: request.server.ctx, actor: requireAuth(request).user, ipAddress: request.ip ?? null };
}
