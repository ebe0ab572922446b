import type { HTTPMethods } from 'fastify';
import type { Role } from '@common/enums';

/**
 * What the access-matrix test expects of one endpoint. Each feature module keeps its
 * rules in `server/modules/<module>/access.ts` (export `accessRules`); the matrix test
 * collects them all and fails for any /api route that has none.
 */
export interface AccessRule {
  method: HTTPMethods;
  /** Exactly as registered, e.g. '/api/bonus/projects/:projectId/requests'. */
  url: string;
  /** Roles that get past authorization in their own project; 'public' needs no token. */
  roles: readonly Role[] | 'public';
  /**
   * A path parameter other than :projectId that holds a project id, checked for
   * membership in the handler (e.g. 'id' in /api/projects/:id). The matrix fills it
   * with the own or foreign project and expects 404 for the foreign one.
   */
  projectParam?: string;
}
