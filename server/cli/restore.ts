import { loadConfigOrExit } from '../config-check';
import { restoreEmbedded } from '../db/embedded-backup';

/** `npm run restore FILE`: brings a backup back into an empty DATA_DIR (stop the server first). */
async function main() {
  const config = loadConfigOrExit();
  if (config.DATABASE_URL) throw new Error('DATABASE_URL ayarlı: PostgreSQL için pg_restore / psql kullanın (docs/operations.md)');
  const file = process.argv[2];
  if (!file) throw new Error('Kullanım: npm run restore DOSYA');
  const header = await restoreEmbedded(config.DATA_DIR, file);
  console.log(`Geri yüklendi: ${header.createdAt} tarihli yedek → ${config.DATA_DIR}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
