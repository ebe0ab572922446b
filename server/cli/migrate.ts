import { loadConfigOrExit } from '../config-check';
import { openDatabase } from '../db/client';

/**
 * `npm run migrate`: applies the schema migrations and exits, nothing else started. With several
 * instances this is the upgrade's first step (or instances do it themselves at start, under the
 * same advisory lock).
 */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrations: 'apply' });
  await database.close();
  console.log(`Veritabanı şeması güncel (${config.DATABASE_URL ? 'PostgreSQL' : 'gömülü veritabanı'}).`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
