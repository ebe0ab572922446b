import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { resolveAppSecret } from '../lib/secrets';
import { openDatabase } from './client';
import { backupEmbedded, restoreEmbedded } from './embedded-backup';

/**
 * The embedded database holds password hashes and customer data: its folders are 0700 and its
 * files 0600 (for the server, a backup and a restore alike), a backup is written 0600 and never
 * through a symlink, and a backup is refused while a server holds the data folder.
 */
const made: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `bonus-${name}-`));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Every mode under `root` (itself included) that is not 0700 for a folder or 0600 for a file. */
function looseModes(root: string): string[] {
  const loose: string[] = [];
  const walk = (p: string) => {
    const stat = lstatSync(p);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${p} ${mode.toString(8)}`);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if (mode !== 0o600) loose.push(`${p} ${mode.toString(8)}`);
  };
  walk(root);
  return loose;
}

async function openAndWrite(dataDir: string) {
  resolveAppSecret(undefined, dataDir);
  const database = await openDatabase({ dataDir });
  // Files made while the server runs (a new table, its index) are private too.
  await database.query('create table if not exists mode_probe (id serial primary key, note text)');
  await database.query(`insert into mode_probe (note) values ('x')`);
  return database;
}

it('the server keeps DATA_DIR private: folders 0700, files 0600, also those made while it runs', async () => {
  const dataDir = folder('modes');
  const database = await openAndWrite(dataDir);
  try {
    expect(looseModes(dataDir)).toEqual([]);
  } finally {
    await database.close();
  }
  expect(looseModes(dataDir)).toEqual([]);
}, 60_000);

it('a backup is refused while a server holds the data folder', async () => {
  const dataDir = folder('held');
  const database = await openAndWrite(dataDir);
  try {
    await expect(backupEmbedded(dataDir, path.join(folder('out'), 'held.backup'))).rejects.toThrow(/kullanılıyor/);
  } finally {
    await database.close();
  }
}, 60_000);

it('a backup is written 0600, never through a symlink; a restore makes private folders and files', async () => {
  const dataDir = folder('source');
  await (await openAndWrite(dataDir)).close();
  const out = folder('backups');

  // A symlink planted where the backup goes: refused, and its target is left as it was.
  const target = path.join(out, 'elsewhere.txt');
  writeFileSync(target, 'untouched', { mode: 0o644 });
  const planted = path.join(out, 'planted.backup');
  symlinkSync(target, planted);
  await expect(backupEmbedded(dataDir, planted)).rejects.toThrow();
  expect(readFileSync(target, 'utf8')).toBe('untouched');

  const file = path.join(out, 'good.backup');
  await backupEmbedded(dataDir, file);
  expect(lstatSync(file).mode & 0o777).toBe(0o600);

  const restored = path.join(folder('restore'), 'data');
  await restoreEmbedded(restored, file);
  expect(looseModes(restored)).toEqual([]);
}, 120_000);
