import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('reports health with the database state', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'unused' });
});

it('sends a strict Content-Security-Policy and no CORS for foreign origins', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
});

it('publishes an OpenAPI document with the API routes', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/refresh', '/api/projects']));
});

it('answers malformed JSON with a Turkish 400 and unknown API paths with 404 JSON', async () => {
  const bad = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"username":',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ success: false, code: 'BAD_REQUEST', message: 'İstek geçersiz' });
});

it('failures carry a stable machine code beside the Turkish message', async () => {
  const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
  expect(unknown.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  const noToken = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
  expect(noToken.statusCode).toBe(401);
  expect(noToken.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
  expect(invalid.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
});
