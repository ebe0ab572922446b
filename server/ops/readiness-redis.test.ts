import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../test/harness';

/** /api/ready against a Redis of its own, stopped and started again. */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A loopback port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('readiness while Redis is down', () => {
  let redis: ChildProcess | undefined;
  const startRedis = async (port: number) => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await vi.waitUntil(() => new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => (probe.end(), resolve(true)));
      probe.on('error', () => resolve(false));
    }), { timeout: 20_000, interval: 50 });
  };
  afterAll(() => {
    redis?.kill('SIGKILL');
  });

  it.skipIf(!hasRedisServer && !process.env.CI)('answers 503 naming Redis while it cannot be reached, and 200 again once it is back', async () => {
    const port = await freePort();
    await startRedis(port);
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });
    try {
      expect((await ready()).json()).toEqual({ status: 'ready', failing: [] });
      const stopped = new Promise((resolve) => redis!.once('exit', resolve));
      redis!.kill('SIGKILL');
      await stopped;
      await vi.waitUntil(async () => (await ready()).statusCode === 503, { timeout: 20_000, interval: 100 });
      const down = await ready();
      expect(down.json()).toEqual({ status: 'not_ready', failing: ['redis'] });
      // The health check answers too (it waited for Redis before), naming what is down.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
      await startRedis(port);
      await vi.waitUntil(async () => (await ready()).statusCode === 200, { timeout: 30_000, interval: 100 });
    } finally {
      await t.close();
    }
  });
});

