import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t?.close();
});

it('limits login attempts per IP: below the limit never 429, above it 429 with Retry-After', async () => {
  const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x', password: 'y' } });
  for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
  const limited = await attempt();
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.json()).toMatchObject({ success: false });
  expect(limited.json().message).toMatch(/Çok fazla deneme/);
});

it('ignores a made-up X-Forwarded-For: a new address per attempt still meets the limit, and the audit keeps the real one', async () => {
  const spoofed = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await spoofed.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { username: 'x', password: 'y' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    const rows = await spoofed.app.ctx.database.query<{ ip: string | null }>(`select host(ip_address) as ip from audit_logs where action = 'FAILED_LOGIN'`);
    expect(rows.length).toBe(3);
    expect(rows.every((r) => !String(r.ip).startsWith('203.0.113.'))).toBe(true);
  } finally {
    await spoofed.close();
  }
});

it('believes X-Forwarded-For from a configured proxy (TRUST_PROXY)', async () => {
  const proxied = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });
  try {
    // light-my-request connects from 127.0.0.1, the trusted proxy: each client address has its own budget.
    for (let i = 0; i < 6; i++) {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { username: 'x', password: 'y' },
      });
      expect(res.statusCode).toBe(401);
    }
    const rows = await proxied.app.ctx.database.query<{ ip: string }>(`select host(ip_address) as ip from audit_logs where action = 'FAILED_LOGIN' order by id`);
    expect(rows.map((r) => r.ip)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `198.51.100.${i}`));
  } finally {
    await proxied.close();
  }
});
