import path from 'node:path';
import { loadConfigOrExit } from '../config-check';
import { backupEmbedded } from '../db/embedded-backup';

/** `npm run backup [FILE]`: a snapshot of the embedded database and its key (stop the server first). */
async function main() {
  const config = loadConfigOrExit();
  if (config.DATABASE_URL) throw new Error('DATABASE_URL ayarlı: PostgreSQL için pg_dump kullanın (docs/operations.md)');
  const file = process.argv[2] ?? `bonus-panel-${new Date().toISOString().replace(/[:.]/g, '-')}.backup`;
  const header = await backupEmbedded(config.DATA_DIR, file);
  console.log(`Yedek yazıldı: ${path.resolve(file)} (${(header.dumpBytes / 1024 / 1024).toFixed(1)} MB${header.appSecretKey ? ', anahtar dahil' : ', anahtar APP_SECRET ortam değişkeninde'})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
