import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWithSeed, expectCleanAnswer, FUZZ_RUNS, mutatedBody } from './fuzz';
import { apiRoutes, fuzzFixture } from './fuzz-fixture';
import { createTestApp, type TestApp } from './harness';
import fc from 'fast-check';

/**
 * Every mutating endpoint of the API, FUZZ_RUNS (200) mutated bodies each, built from its own
 * request schema (common/): wrong types, missing and extra fields, __proto__, deep nesting,
 * 100 kB strings, control characters, lone surrogates, huge and negative numbers, bad path
 * values. Never a 5xx, never a stack trace, every failure in the envelope.
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

// Registered routes are only known once the app is built; the list is checked against it below.
const MUTATING = [
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'POST /api/users',
  'PUT /api/users/:id',
  'DELETE /api/users/:id',
  'PATCH /api/users/:id/toggle',
  'PATCH /api/users/:id/role',
  'POST /api/users/:id/reset-password',
  'POST /api/projects',
  'PUT /api/projects/:id',
  'PATCH /api/projects/:id/toggle',
  'DELETE /api/projects/:id',
  'POST /api/projects/:projectId/agents',
  'PUT /api/projects/:projectId/agents/:id',
  'DELETE /api/projects/:projectId/agents/:id',
  'PATCH /api/projects/:projectId/agents/:id/toggle',
  'PUT /api/agents/me/status',
  'POST /api/auth/admin/projects/:projectId/agents/:agentId/force-offline',
  'POST /api/auth/admin/projects/:projectId/agents/:agentId/force-logout',
  'POST /api/bonus/projects/:projectId/requests',
  'POST /api/bonus/projects/:projectId/requests/:requestId/assign',
  'POST /api/bonus/projects/:projectId/requests/:requestId/complete',
  'POST /api/bonus/projects/:projectId/requests/:requestId/requeue',
  'POST /api/bonus/projects/:projectId/requests/:requestId/approve',
  'POST /api/bonus/projects/:projectId/requests/:requestId/reject',
  'POST /api/bridge/projects/:projectId/sync',
  'POST /api/projects/:projectId/bridge-sync/start',
  'POST /api/auth/login/totp',
  'POST /api/auth/totp/disable',
  'POST /api/auth/totp/enable',
  'POST /api/auth/totp/regenerate-backup-codes',
  'POST /api/auth/totp/setup',
  'POST /api/bonus/projects/:projectId/requests/:requestId/undo',
  'POST /api/users/:userId/totp/reset',
  'PUT /api/projects/:projectId/settings',
  'PUT /api/system/settings',
  'POST /api/projects/:projectId/routing-rules',
  'PUT /api/projects/:projectId/routing-rules/:id',
  'DELETE /api/projects/:projectId/routing-rules/:id',
  'PATCH /api/projects/:projectId/routing-rules/:id/toggle',
  'POST /api/projects/:projectId/routing-rules/reorder',
  'POST /api/projects/:projectId/routing-rules/:id/test',
  'POST /api/projects/:projectId/routing-rules/simulate',
  'PUT /api/projects/:projectId/agents/:userId/skills',
  'PUT /api/demo/activity',
  'POST /api/projects/:projectId/api-tokens',
  'DELETE /api/projects/:projectId/api-tokens/:tokenId',
  'POST /api/projects/:projectId/webhooks',
  'PUT /api/projects/:projectId/webhooks/:webhookId',
  'DELETE /api/projects/:projectId/webhooks/:webhookId',
  'POST /api/projects/:projectId/webhooks/:webhookId/rotate-secret',
  'POST /api/projects/:projectId/webhooks/:webhookId/test',
  'POST /api/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
];

describe('mutating endpoints under hostile bodies', () => {
  it('the list covers every mutating endpoint the app registers', () => {
    const registered = apiRoutes(t).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(registered.sort()).toEqual([...MUTATING].sort());
  });

  it.each(MUTATING)(`%s: ${FUZZ_RUNS} mutated requests, no 5xx`, async (key) => {
    const [method, url] = key.split(' ') as [string, string];
    const route = apiRoutes(t).find((r) => r.method === method && r.url === url)!;
    const headers = await fixture.session();
    await assertWithSeed(key, fc.tuple(fixture.pathFor(url), mutatedBody(route.schema.body)), async ([path, payload]) => {
      const res = await t.app.inject({
        method: method as 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...(url === '/api/auth/logout' ? await fixture.session() : headers) },
        payload,
      });
      expectCleanAnswer(res, `${method} ${path} ${payload.slice(0, 300)}`);
    });
  }, 600_000);
});
