import fs, { closeSync, constants, existsSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { holdDataFolder } from './data-folder-lock';
import { keepCreatedFilesPrivate, makePrivateFolder, PRIVATE_FILE, tightenTree } from './private-files';

/**
 * Backups of the embedded database: one file holding PGlite's own dump of its data folder
 * (dumpDataDir, a gzipped tar) and the generated secret key, which encrypts the projects'
 * database passwords and TOTP secrets: without it a restored database's secrets are lost.
 *
 * Layout: `BONUSPANEL-BACKUP 1\n`, one JSON line (time, key, dump length), the dump's bytes.
 * The file holds the key in clear, like the data folder does: keep it as safe as the folder.
 */
const MAGIC = 'BONUSPANEL-BACKUP 1\n';
const KEY_FILE = 'app-secret.key';

export interface BackupHeader {
  createdAt: string;
  /** The generated key of DATA_DIR; null when APP_SECRET is set in the environment instead. */
  appSecretKey: string | null;
  dumpBytes: number;
}

export const embeddedDataFolder = (dataDir: string) => path.join(dataDir, 'pg');

/** Writes a consistent snapshot of DATA_DIR to `file`. The server must not be running on it (PGlite is one process). */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupHeader> {
  const folder = embeddedDataFolder(dataDir);
  if (!existsSync(folder)) throw new Error(`Yedeklenecek veritabanı bulunamadı: ${folder}`);
  // Refused while a server runs on the folder; held meanwhile, so none starts on it.
  const release = holdDataFolder(folder);
  try {
    return await writeBackup(dataDir, folder, file);
  } finally {
    release();
  }
}

async function writeBackup(dataDir: string, folder: string, file: string): Promise<BackupHeader> {
  keepCreatedFilesPrivate(fs, folder);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const db = await PGlite.create({ dataDir: folder, extensions: { pg_trgm, btree_gin } });
  let dump: Buffer;
  try {
    // A checkpoint first, so the dump holds every committed change in the data files.
    await db.exec('CHECKPOINT');
    dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.close();
  }
  const keyFile = path.join(dataDir, KEY_FILE);
  const header: BackupHeader = {
    createdAt: new Date().toISOString(),
    appSecretKey: existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : null,
    dumpBytes: dump.length,
  };
  tightenTree(folder);
  // A new file, 0600, never through a symlink: an existing file or link at that name is refused.
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, PRIVATE_FILE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`${file} zaten var: yedek yeni bir dosyaya yazılır`);
    throw err;
  }
  try {
    writeSync(fd, Buffer.concat([Buffer.from(MAGIC), Buffer.from(`${JSON.stringify(header)}\n`), dump]));
  } finally {
    closeSync(fd);
  }
  return header;
}

/** Brings a backup back into DATA_DIR, which must have no database yet (delete or move the old one first). */
export async function restoreEmbedded(dataDir: string, file: string): Promise<BackupHeader> {
  const bytes = readFileSync(file);
  if (bytes.subarray(0, MAGIC.length).toString() !== MAGIC) throw new Error(`Bu dosya bir Bonus Panel yedeği değil: ${file}`);
  const headerEnd = bytes.indexOf(0x0a, MAGIC.length);
  const header = JSON.parse(bytes.subarray(MAGIC.length, headerEnd).toString('utf8')) as BackupHeader;
  const dump = bytes.subarray(headerEnd + 1);
  if (dump.length !== header.dumpBytes) throw new Error('Yedek dosyası eksik ya da bozuk');
  const folder = embeddedDataFolder(dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} boş değil: önce eski veritabanını taşıyın ya da silin`);
  makePrivateFolder(dataDir);
  makePrivateFolder(folder);
  const release = holdDataFolder(folder);
  try {
    keepCreatedFilesPrivate(fs, folder);
    await loadDump(folder, dump);
    tightenTree(folder);
  } finally {
    release();
  }
  if (header.appSecretKey) writeFileSync(path.join(dataDir, KEY_FILE), header.appSecretKey, { mode: PRIVATE_FILE });
  return header;
}

async function loadDump(folder: string, dump: Buffer): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const db = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([new Uint8Array(dump)]), extensions: { pg_trgm, btree_gin } });
  await db.close();
}
