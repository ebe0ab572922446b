import { closeSync, constants, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { PRIVATE_FILE } from './private-files';

/**
 * One process at a time in an embedded data folder (PGlite is not made for two): the server
 * holds `<folder>.lock` while it runs, with its process id, and a backup or restore refuses a
 * folder held by a live process (and holds it meanwhile, so no server starts on it). A lock
 * left by a process that died is taken over.
 */
export const lockFileOf = (folder: string) => `${folder}.lock`;

export function holdDataFolder(folder: string): () => void {
  const file = lockFileOf(folder);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Created new, never through a symlink.
      const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, PRIVATE_FILE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(file);
      if (holder !== null) throw new Error(`Veri klasörü başka bir süreç tarafından kullanılıyor (pid ${holder}): önce sunucuyu durdurun`);
      unlinkSync(file);
    }
  }
  throw new Error(`Veri klasörünün kilidi alınamadı: ${file}`);
}

/** The live process holding the lock, or null when the lock was left behind. */
function holderOf(file: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return pid;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
