import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres } from '../server/db/client';
import { webhookDispatcherOf } from '../server/modules/webhooks';

/**
 * The API under test, in its own process (as in production), so that it has its own event
 * loop beside the load generator. Prints `READY <port>` once listening.
 */
async function main() {
  const url = process.env.DATABASE_URL;
  const database = url ? await openPostgres(url, Number(process.env.BENCH_POOL ?? 20)) : await openPglite(process.env.BENCH_PGLITE_DIR);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-bench-'));
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      APP_SECRET: 'bench-secret-that-is-long-enough-for-hkdf-0123456789',
      JOBS_ENABLED: 'false',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ...(url ? { DATABASE_URL: url } : {}),
      // bench:webhooks delivers to a receiver on 127.0.0.1.
      ...(process.env.WEBHOOK_ALLOW_PRIVATE ? { WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE } : {}),
      // bench:live runs two instances sharing Redis.
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY: process.env.REDIS_KEY ?? 'bench-live' } : {}),
    },
  );
  const app = await buildApp({ config, database });
  // Jobs stay off (their timers would disturb the measurement), except the webhook dispatcher bench:webhooks measures.
  if (process.env.BENCH_WEBHOOKS) await webhookDispatcherOf(app.ctx).start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  // bench:live reads the memory per socket: SIGUSR2 answers `MEMORY <rss> <heapUsed> <external>` (bytes) on
  // stdout, after a full collection when the process was started with --expose-gc.
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.stdout.write(`MEMORY ${rss} ${heapUsed} ${external}\n`);
  });
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
