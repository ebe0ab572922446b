import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createEmbeddedTestDatabase } from '../db/test-database';
import { buildTenant, createTestApp, login, type TestApp } from '../test/harness';
import { beginDraining } from './readiness';

/** Readiness, metrics and request ids, through the real HTTP app on a fresh database. */

const METRICS_TOKEN = 'metrik-anahtari-0123456789';

describe('readiness (/api/ready) and liveness (/api/health)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is ready when the database answers and every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', failing: [] });
  });

  it('answers 503 naming migrations when the database lacks one of this code', async () => {
    const [last] = await t.app.ctx.database.query<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    await t.app.ctx.database.query('delete from drizzle.__drizzle_migrations where id = $1', [last!.id]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', failing: ['migrations'] });
      // Liveness does not care: the process is alive.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.app.ctx.database.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [last!.id, last!.hash, last!.created_at]);
    }
  });

  it('answers 503 naming shutdown once draining has begun, while liveness stays 200', async () => {
    const other = await createTestApp();
    try {
      beginDraining(other.app.ctx);
      const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toEqual(['shutdown']);
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-ready-'));
    const database = await createEmbeddedTestDatabase();
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), JOBS_ENABLED: 'false', APP_SECRET: 'ready-test-secret-long-enough-0123456789abcdef' });
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toContain('database');
    } finally {
      await app.close();
    }
  });
});

describe('/metrics', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN }), createTestApp()]);
  });
  afterAll(async () => Promise.all([t.close(), off.close()]));

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a missing or wrong bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer yanlis-anahtar-0123456789' } })).statusCode).toBe(401);
  });

  it('reports HTTP time by route and status, waiting requests per project, sockets, sync runs, the outbox, query time and event-loop lag', async () => {
    const { project, members } = await buildTenant(t.app);
    const { accessToken: token } = await login(t.app, members.operator.username);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/bonus/projects/${project.id}/requests`,
      headers: { authorization: `Bearer ${token}` },
      payload: { customerUsername: 'metrik', amount: '12.50' },
    });
    expect(created.statusCode).toBe(201);
    await t.app.ctx.database.query(
      `insert into sync_logs (project_id, sync_type, status, started_at, finished_at) values ($1, 'bonus', 'failed', now() - interval '3 seconds', now())`,
      [project.id],
    );
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/bonus\/projects\/:projectId\/requests",status_code="201"\} 1/);
    expect(text).toContain(`bonus_requests_waiting{project="${project.code}"} 1`);
    expect(text).toMatch(new RegExp(`bonus_requests_oldest_wait_seconds\\{project="${project.code}"\\} [0-9.e-]+`));
    expect(text).toContain('socketio_connected_sockets 0');
    expect(text).toContain(`bonus_sync_runs{project="${project.code}",type="bonus",outcome="failed"} 1`);
    expect(text).toMatch(new RegExp(`bonus_sync_last_duration_seconds\\{project="${project.code}",type="bonus",outcome="failed"\\} 3`));
    expect(text).toContain('bonus_notifications_outbox{status="pending"} 0');
    expect(text).toContain('bonus_notifications_outbox{status="failed"} 0');
    expect(text).toMatch(/db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds [0-9.e-]+/);
  });
});

describe('request ids', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    // app.inject connects from 127.0.0.1: trusted as the balancer in one app, not in the other.
    [t, behindProxy] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: '127.0.0.1' })]);
  });
  afterAll(async () => Promise.all([t.close(), behindProxy.close()]));

  it('every answer carries x-request-id, and the request log lines carry the same id', async () => {
    for (const url of ['/api/health', '/api/auth/me', '/api/yok-boyle-bir-yol']) {
      const res = await t.app.inject({ method: 'GET', url });
      const id = res.headers['x-request-id'];
      expect(typeof id, url).toBe('string');
      const lines = t.logs.filter((l) => l.includes(`"reqId":"${id}"`));
      expect(lines.length, url).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps the balancer id only from a trusted proxy', async () => {
    const given = 'balancer-0123456789abcdef';
    const untrusted = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(untrusted.headers['x-request-id']).not.toBe(given);
    const trusted = await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
    expect(trusted.headers['x-request-id']).toBe(given);
    // A made-up id with spaces or quotes is never kept, trusted or not.
    const forged = await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a" "b c d e f g' } });
    expect(forged.headers['x-request-id']).not.toBe('a" "b c d e f g');
  });
});

describe('a server error names its request', () => {
  it('a 500 answer carries requestId equal to x-request-id, and the error log line has it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-rid-'));
    const logs: string[] = [];
    const { Writable } = await import('node:stream');
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    const database = await createEmbeddedTestDatabase();
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), JOBS_ENABLED: 'false', APP_SECRET: 'rid-test-secret-long-enough-0123456789abcdef' });
    const app = await buildApp({ config, database, logStream });
    // A route failing unexpectedly, as a bug would.
    app.get('/api/test-bozuk', { config: { public: true } }, async () => {
      throw new Error('beklenmeyen');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-bozuk' });
      expect(res.statusCode).toBe(500);
      const id = res.headers['x-request-id'];
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL', requestId: id });
      expect(logs.some((l) => l.includes(`"reqId":"${id}"`) && l.includes('unexpected error'))).toBe(true);
      // A 4xx does not carry it in the body (nothing for support to look up).
      const missing = await app.inject({ method: 'GET', url: '/api/yok' });
      expect(missing.json().requestId).toBeUndefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
