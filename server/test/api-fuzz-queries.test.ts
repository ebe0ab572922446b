import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWithSeed, expectCleanAnswer, FUZZ_RUNS, mutatedQuery } from './fuzz';
import { apiRoutes, fuzzFixture } from './fuzz-fixture';
import { createTestApp, type TestApp } from './harness';

/**
 * Every GET endpoint that reads a query string (the lists, stats, logs), FUZZ_RUNS (200)
 * mutated query strings each, from its own query schema: prototype words, unknown and
 * repeated keys, huge and negative pages, hostile sort columns and searches, lone surrogates.
 */
let t: TestApp;
let fixture: Awaited<ReturnType<typeof fuzzFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await fuzzFixture(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const WITH_QUERY = [
  '/api/users',
  '/api/projects/:projectId/users',
  '/api/projects/:projectId/agents',
  '/api/projects/:projectId/agents/:id/performance',
  '/api/projects/:projectId/agents/:id/logs',
  '/api/projects/:projectId/audit-logs',
  '/api/projects/:projectId/audit-logs/stats',
  '/api/audit-logs',
  '/api/bonus/projects/:projectId/requests',
  '/api/bonus/projects/:projectId/customers/summary',
  '/api/projects',
  '/api/bridge/projects/:projectId/sync/logs',
  '/api/projects/:projectId/bridge-sync/stats',
  '/api/bonus/projects/:projectId/requests/export',
  '/api/projects/:projectId/dashboard/activity',
  '/api/projects/:projectId/dashboard/performance',
  '/api/projects/:projectId/dashboard/stats',
  '/api/projects/:projectId/notifications',
  '/api/projects/:projectId/reports/:type',
  '/api/projects/:projectId/reports/:type/export',
  '/api/projects/:projectId/routing-rules',
];

describe('list query strings under hostile values', () => {
  it('the list covers every GET endpoint with a query schema', () => {
    const registered = apiRoutes(t).filter((r) => r.method === 'GET' && r.schema.querystring).map((r) => r.url);
    expect(registered.sort()).toEqual([...WITH_QUERY].sort());
  });

  it.each(WITH_QUERY)(`GET %s: ${FUZZ_RUNS} mutated query strings, no 5xx`, async (url) => {
    const route = apiRoutes(t).find((r) => r.method === 'GET' && r.url === url)!;
    const headers = await fixture.session();
    await assertWithSeed(url, fc.tuple(fixture.pathFor(url), mutatedQuery(route.schema.querystring)), async ([path, query]) => {
      const res = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers });
      expectCleanAnswer(res, `GET ${path}?${query.slice(0, 300)}`);
    });
  }, 600_000);
});
