import type { Role } from '@common/enums';
import type { EndpointDefinition, HttpMethod } from '@common/contract/define-endpoint';

/**
 * What the access-matrix test expects of one endpoint. Each feature module keeps its
 * rules in `server/modules/<module>/access.test-table.ts` (export `accessRules`), one per contract
 * entry (`accessRule(contract.entry, roles)`): the method and path come from the entry,
 * never typed again. The matrix test collects them all and fails for any /api route that
 * has none. The roles are written by hand: they are what the test expects, not a copy of
 * the entry's `access`.
 */
export interface AccessRule {
  endpoint: EndpointDefinition;
  method: HttpMethod;
  /** The entry's path, as registered, e.g. '/api/bonus/projects/:projectId/requests'. */
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

/** The `:name` parameters of a path. */
type PathParam<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParam<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export function accessRule<const E extends EndpointDefinition>(
  endpoint: E,
  roles: AccessRule['roles'],
  options: { projectParam?: Exclude<PathParam<E['path']>, 'projectId'> } = {},
): AccessRule {
  return { endpoint, method: endpoint.method, url: endpoint.path, roles, ...options };
}
