import { loadConfigOrExit } from './config-check';
import { openDatabase } from './db/client';
import { pendingDatabase } from './db/pending-database';

/**
 * Starts the whole product (start-server.ts). This file loads little on purpose: the database
 * starts opening first — the embedded one compiles and starts PostgreSQL in a thread of its own,
 * about a second — and the rest of the program loads and the app is built meanwhile. Nothing is
 * served before the database is open.
 */
async function main() {
  const config = loadConfigOrExit();
  const database = pendingDatabase(
    config.DATABASE_URL ? 'postgres' : 'pglite',
    openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrations: config.MIGRATE_ON_START ? 'apply' : 'verify' }),
  );
  const { startServer } = await import('./start-server');
  await startServer(config, database);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
