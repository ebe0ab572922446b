import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database, type EmbeddedDatabase } from './client';

/**
 * A fresh, migrated database for one test file: a new database on the
 * PostgreSQL of TEST_DATABASE_URL when set, else an in-memory PGlite started from a template.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return createEmbeddedTestDatabase();
  const name = `bonus_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/**
 * The embedded database's thread as one JavaScript file. From the sources a thread boots through
 * tsx (boot.mjs), which costs about half a second of CPU per thread: with a database per test
 * file, a good part of the suite. Bundled as `npm run build` bundles it (its esbuild options),
 * once per test process, under a name made of its content (processes side by side write the same file).
 */
let bundled: Promise<URL> | undefined;
function bundledWorker(): Promise<URL> {
  bundled ??= (async () => {
    const [esbuild, { SERVER_ENTRIES, SERVER_ESBUILD_OPTIONS }] = await Promise.all([import('esbuild'), import('../../scripts/build.mjs')]);
    const result = await esbuild.build({ ...SERVER_ESBUILD_OPTIONS, entryPoints: [SERVER_ENTRIES['pglite-worker']!], write: false });
    const code = result.outputFiles[0]!.contents;
    const folder = path.join(root, '.tmp', 'test-pglite-worker');
    fs.mkdirSync(folder, { recursive: true });
    // In the repository's .tmp/, so that its packages resolve from node_modules.
    const file = path.join(folder, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
    if (!fs.existsSync(file)) {
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, code);
      fs.renameSync(partial, file);
    }
    return pathToFileURL(file);
  })();
  return bundled;
}

/** PostgreSQL's WebAssembly, compiled once per test process (its files run one after another in it) and shared by every thread. */
let compiled: Promise<WebAssembly.Module> | undefined;
function compiledPglite(): Promise<WebAssembly.Module> {
  compiled ??= fs.promises.readFile(path.join(root, 'node_modules/@electric-sql/pglite/dist/pglite.wasm')).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/** A fresh, migrated embedded database (PGlite in memory) whatever TEST_DATABASE_URL says: for tests of PGlite's own behaviour. */
export async function createEmbeddedTestDatabase(): Promise<EmbeddedDatabase> {
  return openPglite(undefined, 'apply', { template: await migratedTemplate(), wasmModule: await compiledPglite(), workerEntry: await bundledWorker() });
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE_FOLDER = path.join(root, '.tmp', 'test-database-templates');

/**
 * The data folder of an embedded database right after the migrations, written once and kept
 * under .tmp/ (named by the migrations and the PGlite version, so a new migration makes a new
 * one). Starting from it skips initdb and every migration: most of a test file's set-up time.
 */
export async function migratedTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
  hash.update(pgliteVersion);
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const template = path.join(TEMPLATE_FOLDER, `${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(template)) return template;
  fs.mkdirSync(TEMPLATE_FOLDER, { recursive: true, mode: 0o700 });
  const fresh = await openPglite();
  try {
    await fresh.dumpDataDir(template);
  } finally {
    await fresh.close();
  }
  return template;
}
