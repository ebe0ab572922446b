import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds password hashes, customer data and the application's key: nobody but
 * the server's own user may read or change it. Folders 0700, files 0600.
 */
export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** Makes the folder (and missing parents) and sets it 0700, also when it already existed. */
export function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  chmodSync(dir, PRIVATE_FOLDER);
}

/** Sets every folder under `root` (itself included) 0700 and every file 0600; symlinks are left alone, never followed. */
export function tightenTree(root: string): void {
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== PRIVATE_FOLDER) chmodSync(p, PRIVATE_FOLDER);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if ((stat.mode & 0o777) !== PRIVATE_FILE) chmodSync(p, PRIVATE_FILE);
  };
  walk(root);
}

type Fs = typeof import('node:fs');
const guarded = new WeakMap<Fs, string[]>();

/**
 * PGlite's file system layer (Emscripten's NODEFS) creates every file 0666 and sets modes of its
 * own through the `fs` module's functions; it offers no setting for this. Within `root`, the
 * modes it asks for lose every bit for group and others: what it creates while running (a new
 * table, a WAL segment) is private from the first byte. Call in the thread that runs PGlite, before
 * it opens; outside `root` nothing changes.
 */
export function keepCreatedFilesPrivate(fs: Fs, root: string): void {
  const roots = guarded.get(fs);
  const resolved = path.resolve(root);
  if (roots) {
    if (!roots.includes(resolved)) roots.push(resolved);
    return;
  }
  const within = [resolved];
  guarded.set(fs, within);
  const inside = (p: unknown) => {
    if (typeof p !== 'string') return false;
    const full = path.resolve(p);
    return within.some((r) => full === r || full.startsWith(r + path.sep));
  };
  const own = (mode: unknown) => (typeof mode === 'number' ? mode & 0o700 : mode);
  const writeFileSync = fs.writeFileSync;
  const mkdirSync = fs.mkdirSync;
  const chmodSync = fs.chmodSync;
  const openSync = fs.openSync;
  const mutable = fs as { -readonly [K in keyof Fs]: Fs[K] };
  mutable.writeFileSync = ((file: unknown, data: unknown, options?: unknown) => {
    if (inside(file)) {
      const opts = (typeof options === 'object' && options !== null ? { ...options } : typeof options === 'string' ? { encoding: options } : {}) as import('node:fs').WriteFileOptions & object;
      const mode = (opts as { mode?: number }).mode ?? 0o666;
      return writeFileSync(file as string, data as string, { ...opts, mode: own(mode) as number });
    }
    return writeFileSync(file as string, data as string, options as never);
  }) as Fs['writeFileSync'];
  mutable.mkdirSync = ((dir: unknown, options?: unknown) => {
    if (!inside(dir)) return mkdirSync(dir as string, options as never);
    const mode = typeof options === 'number' ? options : ((options as { mode?: number } | undefined)?.mode ?? 0o777);
    const opts = typeof options === 'object' && options !== null ? { ...(options as object), mode: own(mode) } : { mode: own(mode) };
    return mkdirSync(dir as string, opts as never);
  }) as Fs['mkdirSync'];
  mutable.chmodSync = ((p: unknown, mode: unknown) => chmodSync(p as string, (inside(p) ? own(mode) : mode) as number)) as Fs['chmodSync'];
  mutable.openSync = ((p: unknown, flags?: unknown, mode?: unknown) =>
    openSync(p as string, flags as never, (inside(p) && mode !== undefined ? own(mode) : mode) as never)) as Fs['openSync'];
}
