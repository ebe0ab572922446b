import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { insertRequests } from '../modules/bonus/bonus-test-kit';
import { openSession } from '../modules/sessions/sessions';
import { hostilePathValue } from './fuzz';
import { routingRules } from '../db/schema';
import { bearer, buildTenant, buildUser, type TestApp } from './harness';

/** What the API fuzz tests aim at: a tenant, a few requests, and a super admin's session. */
export async function fuzzFixture(t: TestApp) {
  const tenant = await buildTenant(t.app);
  const target = await buildUser(t.app, { role: 'agent', projects: [tenant.project.id] });
  const requests = await insertRequests(t.app, tenant.project.id, [{ externalId: 'fz-1' }, { externalId: 'fz-2' }, { externalId: 'fz-3' }]);
  const [rule] = await t.app.ctx.database.db
    .insert(routingRules)
    .values({ projectId: tenant.project.id, ruleName: 'Fuzz kuralı', targetStrategy: 'round_robin' })
    .returning({ id: routingRules.id });
  const ids: Record<string, number> = {
    projectId: tenant.project.id,
    agentId: target.id,
    userId: target.id,
    requestId: requests[0]!.id,
  };
  /** A new session of the tenant's super admin (logout ends the one it is given). */
  const session = async () => {
    const s = await openSession(t.app.ctx, t.app.ctx.database.db, { userId: tenant.members.super_admin.id, ipAddress: null, userAgent: null });
    return bearer(s.accessToken);
  };
  /** A path's parameters: the fixture's ids (':id' by the resource it names), sometimes hostile. */
  const idFor = (url: string, name: string): string | number => {
    if (name === 'type') return 'bonus'; // a report type (reports/:type)
    if (name !== 'id') return ids[name] ?? 1;
    if (url.startsWith('/api/projects/:id')) return tenant.foreign.id;
    if (url.includes('/audit-logs')) return 1;
    if (url.includes('/routing-rules/')) return rule!.id;
    return target.id;
  };
  const pathFor = (url: string) => {
    const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    return fc
      .tuple(...names.map((name) => fc.oneof({ arbitrary: fc.constant(String(idFor(url, name))), weight: 4 }, { arbitrary: hostilePathValue, weight: 1 })))
      .map((values) => names.reduce((path, name, i) => path.replace(`:${name}`, values[i]!), url));
  };
  /** A path with the fixture's own ids only (no hostile values). */
  const plainPath = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => String(idFor(url, name)));
  return { tenant, session, pathFor, plainPath };
}

export type ApiRoute = { method: string; url: string; schema: NonNullable<RouteOptions['schema']> & { body?: unknown; querystring?: unknown } };

/** Every API route (docs aside) with one method each. */
export function apiRoutes(t: TestApp): ApiRoute[] {
  return t.routes
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, url: r.url, schema: (r.schema ?? {}) as ApiRoute['schema'] })))
    .filter((r) => r.method !== 'HEAD');
}
