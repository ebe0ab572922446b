import type { FastifyRequest } from 'fastify';
import { can, type Permission } from '@common/permissions';
import type { AuthContext } from '../modules/auth/sessions';
import { canAccessProject } from '../modules/projects/project-access';
import { forbidden, notFound, unauthorized } from '../lib/errors';

export const PROJECT_NOT_FOUND = 'Proje bulunamadı';

export function requireAuth(request: Pick<FastifyRequest, 'auth'>): AuthContext {
  if (!request.auth) throw unauthorized('Oturum açmanız gerekiyor');
  return request.auth;
}

/**
 * Route-level checks run in the authentication hook from each route's `permission`.
 * These helpers are for checks inside a handler (a second permission, a target user).
 */

/** The caller's role must carry the permission (403 otherwise). */
export function authorize(request: FastifyRequest, permission: Permission): AuthContext {
  const auth = requireAuth(request);
  if (!can(auth.user.role, permission)) throw forbidden();
  return auth;
}

/**
 * The project must be one the caller works in (404 otherwise, revealing nothing of it),
 * and the caller's role must carry the permission (403).
 */
export async function authorizeProject(request: FastifyRequest, projectId: number, permission: Permission): Promise<AuthContext> {
  const auth = requireAuth(request);
  if (!(await canAccessProject(request.server.ctx.database.db, auth.user, projectId))) throw notFound(PROJECT_NOT_FOUND);
  if (!can(auth.user.role, permission)) throw forbidden();
  return auth;
}
