import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@common/contract';
import { endpointKey } from '@common/contract/define-endpoint';
import { ROLES, type Role } from '@common/enums';
import { openSession } from '../modules/sessions/sessions';
import type { AccessRule } from './access-rules';
import { registeredRoutes } from './registered-routes';
import { bearer, buildProject, buildUser, createTestApp, type TestApp } from './harness';

/**
 * Walks every endpoint of the API × every role × (own project, foreign project, no token)
 * against the rules each module declares in its access.test-table.ts. A route without a rule, or a
 * rule without a route, fails.
 */
const modules = import.meta.glob<{ accessRules: AccessRule[] }>('../modules/*/access.test-table.ts', { eager: true });
const rules = Object.entries(modules).flatMap(([file, m]) => {
  if (!Array.isArray(m.accessRules)) throw new Error(`${file} exports no accessRules`);
  return m.accessRules;
});
const ruleKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The API documentation is registered by the app itself (not a module) and is public. */
const DOCS_PREFIX = '/api/docs';

let t: TestApp;

interface Fixture {
  projectId: number;
  foreign: { id: number; code: string; name: string };
  targetId: number;
  token: string;
}

/** A project with the caller (of the role) and an agent to act on, and a foreign project. */
async function fixture(role: Role): Promise<Fixture> {
  const project = await buildProject(t.app);
  const foreign = await buildProject(t.app);
  const caller = await buildUser(t.app, { role, projects: [project.id] });
  const target = await buildUser(t.app, { role: 'agent', projects: [project.id] });
  // A session opened directly: the walk is about authorization, not about passwords.
  const session = await openSession(t.app.ctx, t.app.ctx.database.db, { userId: caller.id, ipAddress: null, userAgent: null });
  return { projectId: project.id, foreign, targetId: target.id, token: session.accessToken };
}

function urlFor(rule: AccessRule, f: Fixture, projectId: number): string {
  return rule.url.replace(/:(\w+)/g, (_m, name: string) =>
    String(name === 'projectId' || name === rule.projectParam ? projectId : f.targetId),
  );
}

const hasProject = (rule: AccessRule) => rule.url.includes(':projectId') || Boolean(rule.projectParam);

async function call(rule: AccessRule, url: string, token?: string) {
  return t.app.inject({ method: rule.method, url, headers: token ? bearer(token) : {} });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('access matrix', () => {
  it('has exactly one rule for every contract entry, keyed by the entry itself', () => {
    const count = (endpoint: object) => rules.filter((rule) => rule.endpoint === endpoint).length;
    expect(endpoints.filter((e) => count(e) !== 1).map(endpointKey), 'entries without exactly one access rule').toEqual([]);
    expect(rules.filter((rule) => !endpoints.includes(rule.endpoint)).map(ruleKey), 'rules of no contract entry').toEqual([]);
  });

  it('has exactly one rule for every /api route, and a route for every rule', () => {
    const routes = registeredRoutes(t).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(DOCS_PREFIX));
    expect(routes.length).toBeGreaterThan(10);
    const matches = (route: { method: string; url: string }, rule: AccessRule) => {
      if (route.method !== rule.method) return false;
      const a = route.url.split('/');
      const b = rule.url.split('/');
      return a.length === b.length && a.every((seg, i) => seg === b[i] || (seg.startsWith(':') && seg.split('|').includes(b[i]!)));
    };
    const unruled = routes.filter((route) => rules.filter((rule) => matches(route, rule)).length !== 1);
    expect(unruled.map(ruleKey), 'routes without exactly one access rule').toEqual([]);
    const stale = rules.filter((rule) => !routes.some((route) => matches(route, rule)));
    expect(stale.map(ruleKey), 'rules without a route').toEqual([]);
  });

  for (const rule of rules) {
    describe(ruleKey(rule), () => {
      // Reads share a fixture per role; anything else may change it (logout, delete), so each call gets its own.
      const shared = new Map<Role, Promise<Fixture>>();
      const fixtureFor = (role: Role) => {
        if (rule.method !== 'GET') return fixture(role);
        if (!shared.has(role)) shared.set(role, fixture(role));
        return shared.get(role)!;
      };

      it('without a token', async () => {
        const f = await fixtureFor('agent');
        const res = await call(rule, urlFor(rule, f, f.projectId));
        if (rule.roles === 'public') expect(res.statusCode).not.toBe(401);
        else expect(res.statusCode).toBe(401);
        expect(res.statusCode).toBeLessThan(500);
      });
      if (rule.roles === 'public') return;
      const allowed = rule.roles;

      for (const role of ROLES) {
        it(`${role} in their own project → ${allowed.includes(role) ? 'allowed' : '403'}`, async () => {
          const f = await fixtureFor(role);
          const res = await call(rule, urlFor(rule, f, f.projectId), f.token);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (allowed.includes(role)) expect([401, 403], res.body).not.toContain(res.statusCode);
          else expect(res.statusCode, res.body).toBe(403);
        });

        // super_admin works in every project: no project is foreign to them.
        if (!hasProject(rule) || role === 'super_admin') continue;
        // Routes addressing the project by another parameter refuse a missing permission first (403, same for every id).
        const foreignStatus = rule.url.includes(':projectId') || allowed.includes(role) ? 404 : 403;
        it(`${role} on a foreign project → ${foreignStatus}, revealing nothing`, async () => {
          const f = await fixtureFor(role);
          const res = await call(rule, urlFor(rule, f, f.foreign.id), f.token);
          expect(res.statusCode, res.body).toBe(foreignStatus);
          expect(res.body).not.toContain(f.foreign.code);
          expect(res.body).not.toContain(f.foreign.name);
          expect(res.json().success).toBe(false);
        });
      }
    });
  }
});
