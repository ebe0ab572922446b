import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../policies/authorize';
import type { AuthUser } from '../auth/sessions';
import type { AuditActor } from './write-audit';

/** Who is acting and from where: what every audited service needs besides its input. */
export interface ActorContext {
  ctx: AppContext;
  actor: AuthUser;
  ipAddress: string | null;
}

export function actorContext(request: FastifyRequest): ActorContext {
  return { ctx: request.server.ctx, actor: requireAuth(request).user, ipAddress: request.ip ?? null };
}

export function auditActor(actor: AuthUser): AuditActor {
  return { id: actor.id, username: actor.username };
}
