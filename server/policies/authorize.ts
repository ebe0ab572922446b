import type { FastifyRequest } from 'fastify';
import { PROJECT_MESSAGES } from '@common/schemas/projects';
import type { AuthContext } from './auth-context';
import { unauthorized } from '../lib/errors';

/**
 * The route-level checks (session, project membership, the role's permission) run in the
 * authentication hook from each contract entry's `access`; what a caller may do to one
 * resource is decided by the policy files beside this one (user-policy, agent-policy).
 */

export const PROJECT_NOT_FOUND = PROJECT_MESSAGES.notFound;

/** The signed-in caller of a route that requires one (the hook has already refused anyone else). */
export function requireAuth(request: Pick<FastifyRequest, 'auth'>): AuthContext {
  if (!request.auth) throw unauthorized('Oturum açmanız gerekiyor');
  return request.auth;
}

/** The time zone of the project the path names, learnt with the caller's session (no extra round trip). */
export function projectTimeZone(request: Pick<FastifyRequest, 'auth'>): string {
  const project = requireAuth(request).project;
  if (!project) throw new Error('projectTimeZone: the route has no :projectId');
  return project.timeZone;
}
