import { buildApp } from './app';
import { isDemoMode, type Config } from './config';
import type { PendingDatabase } from './db/pending-database';
import { seedDemo } from './db/seed/seed-demo';
import { startBackgroundJobs } from './jobs';
import { recordDemoSyncHistory, startDemoExternalSystem } from './modules/bridge-sync';
import { beginDraining } from './ops/readiness';

/**
 * Serves the whole product on a database that is opening (main.ts): the app is built meanwhile;
 * once the database is open (migrated), demo data is seeded on a first start, then web + API +
 * socket are served. Nothing listens before the database is open.
 */
export async function startServer(config: Config, database: PendingDatabase): Promise<void> {
  const app = await buildApp({ config, database });
  await database.opened;
  const seeded = isDemoMode(config) ? await seedDemo(app.ctx) : null;
  if (seeded) app.log.info('demo data seeded (password: demo1234)');
  if (!config.DATABASE_URL && !config.APP_SECRET) app.log.info(`secrets key kept in ${config.DATA_DIR}`);
  if (config.DATABASE_URL && !config.APP_SECRET) app.log.warn('APP_SECRET is not set: several instances need the same APP_SECRET');

  await app.listen({ port: config.PORT, host: config.HOST });
  // From the first answer on, a stop signal shuts down in order (the database closed, the data
  // folder's lock released), also while the steps below still run: the shutdown waits for them.
  let demoExternal: Awaited<ReturnType<typeof startDemoExternalSystem>> | null = null;
  let history: Promise<void> | null = null;
  let stopJobs: () => Promise<void> = async () => undefined;
  let stopping = false;
  const historyStop = new AbortController();
  const rest = (async () => {
    // Demo projects sync from a real database of their own, served on this machine. Started after
    // listening (it opens embedded databases of its own): only the sync jobs, started next, need it.
    demoExternal = isDemoMode(config) ? await startDemoExternalSystem(app.ctx) : null;
    const external = demoExternal;
    // A fresh demo's history (audit rows, notifications, Bridge Sync runs against those systems), in
    // the background so the first start is not held up by it.
    history = seeded
      ? (async () => {
          await seeded.write();
          if (external && config.DEMO_SYNC_HISTORY) await recordDemoSyncHistory(app.ctx, external, historyStop.signal);
        })().catch((err) => app.log.warn({ err }, 'demo history failed'))
      : null;
    // Not started once a stop has been asked for.
    if (config.JOBS_ENABLED && !stopping) stopJobs = await startBackgroundJobs(app.ctx);
  })();

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Not ready from now on; still serving during the drain, so a balancer moves traffic away first.
    beginDraining(app.ctx);
    const force = setTimeout(() => process.exit(1), 10_000 + config.SHUTDOWN_DRAIN_SECONDS * 1000);
    force.unref();
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    // A start step that failed has ended the process already (main.ts); here it only has to be over.
    await rest.catch(() => undefined);
    await stopJobs();
    historyStop.abort();
    await app.close();
    await history;
    await demoExternal?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await rest;
}
