#!/usr/bin/env node
// `npm run build`: the web app (Vite) and the server (esbuild, plain JavaScript for `node`) into
// one build folder, `.dist/<stamp>/`, then `dist` is pointed at it by renaming a symlink over the
// old one. A rename is atomic: an instance starting or serving sees the old build or the new one,
// never a half-written folder. The stamp is a hash of everything the build reads, so
// `--if-stale` (used by `npm start`) builds only when dist/ is missing or differs from the sources.
// Beside the web app and the server it writes dist/openapi.json, the API's document for integrators.
//
// Plain JavaScript on purpose: it must run before anything is built, without tsx.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, cpSync, symlinkSync, writeFileSync, lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireBuildLock } from './build-lock.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILDS = path.join(root, '.dist');
const LINK = path.join(root, 'dist');
const STAMP_FILE = 'build-stamp';
/** Builds kept besides the current one: an instance started from an older build keeps its files. */
const KEEP_OLD_BUILDS = 3;

/** Inputs of the build: a change in any of them makes a new stamp. Tests are left out. */
const INPUT_DIRS = ['common', 'server', 'web', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts'];
const SKIP = /(\.test\.tsx?|\.spec\.tsx?)$|(^|\/)(test|test-support)\//;

/** The server's programs: each one file in dist/server/ (with the chunks they share), so `import.meta.url` sits beside migrations/. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  migrate: 'server/cli/migrate.ts',
  'create-admin': 'server/cli/create-admin.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
  'pglite-worker': 'server/db/pglite-worker/worker.ts',
};

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(full);
      return entry.isFile() ? [full] : [];
    });
}

/** Hash of the build's inputs (paths and contents). */
export function sourceStamp() {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((d) => listFiles(path.join(root, d))), ...INPUT_FILES.map((f) => path.join(root, f))];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (SKIP.test(rel) || !existsSync(file)) continue;
    hash.update(rel).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The stamp of the build `dist` points at, or null when there is none. */
export function currentStamp() {
  try {
    return readFileSync(path.join(LINK, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

async function buildWeb(outDir) {
  const { build } = await import('vite');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: process.env.BUILD_QUIET ? 'warn' : 'info',
    build: { outDir, emptyOutDir: true },
  });
}

/** How server code becomes plain JavaScript for `node`: the build's programs, and the tests' database thread (server/db/test-database.ts). */
export const SERVER_ESBUILD_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages stay in node_modules (PGlite finds its WebAssembly beside its own files).
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
  // What a bundled ESM file still needs from CommonJS packages.
  banner: { js: "import { createRequire as __bonusRequire } from 'node:module'; const require = __bonusRequire(import.meta.url);" },
};

/** The server's programs into `outDir` (also used by server/start-modules.test.ts, which reads what each loads). */
export async function buildServer(outDir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    ...SERVER_ESBUILD_OPTIONS,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    // A dynamic import() becomes a file of its own, loaded when reached: main.js starts opening the
    // database before the rest of the server loads (server/main.ts). Code the programs share goes
    // into chunk files beside them.
    splitting: true,
    sourcemap: 'linked',
  });
  cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // Plain `node` must read these files as ES modules whatever the folder above says.
  writeFileSync(path.join(outDir, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');
}

/**
 * Writes the API's OpenAPI document (server/lib/openapi.ts, built from the contract) to `outFile`,
 * for integrators: its generator bundled alone and run once, with no configuration and no database.
 */
export async function writeOpenApi(outFile) {
  const esbuild = await import('esbuild');
  const dir = mkdtempSync(path.join(tmpdir(), 'bonus-openapi-'));
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: { openapi: 'server/cli/openapi.ts' },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      // Self-contained (zod included), so it runs from a folder without node_modules.
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'warning',
    });
    execFileSync(process.execPath, [path.join(dir, 'openapi.mjs'), outFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Points `dist` at a build folder: a new symlink renamed over the old one. */
function publish(buildDir) {
  const tmpLink = path.join(root, `.dist-link-${process.pid}`);
  rmSync(tmpLink, { force: true });
  symlinkSync(path.relative(root, buildDir), tmpLink, 'dir');
  // A real dist/ folder from an older layout is moved aside first (the only non-atomic step, once).
  if (existsSync(LINK) && !lstatSync(LINK).isSymbolicLink()) renameSync(LINK, path.join(BUILDS, `legacy-${Date.now()}`));
  renameSync(tmpLink, LINK);
}

function pruneOldBuilds(current) {
  const builds = readdirSync(BUILDS, { withFileTypes: true })
    .filter((e) => e.isDirectory() && path.join(BUILDS, e.name) !== current && !e.name.startsWith('tmp-'))
    .map((e) => ({ dir: path.join(BUILDS, e.name), time: statSync(path.join(BUILDS, e.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const old of builds.slice(KEEP_OLD_BUILDS)) rmSync(old.dir, { recursive: true, force: true });
}

export async function build({ ifStale = false } = {}) {
  mkdirSync(BUILDS, { recursive: true });
  let stamp = sourceStamp();
  if (ifStale && currentStamp() === stamp) return { built: false, stamp };
  // One build at a time in a folder: a second `npm start` waits, then finds the build done.
  const release = await acquireBuildLock(path.join(BUILDS, 'lock'));
  try {
    stamp = sourceStamp();
    if (ifStale && currentStamp() === stamp) return { built: false, stamp };
    const started = Date.now();
    const tmp = path.join(BUILDS, `tmp-${stamp}-${process.pid}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    await buildWeb(path.join(tmp, 'web'));
    await buildServer(path.join(tmp, 'server'));
    await writeOpenApi(path.join(tmp, 'openapi.json'));
    writeFileSync(path.join(tmp, STAMP_FILE), stamp + '\n');
    const final = path.join(BUILDS, `${stamp}-${Date.now()}`);
    renameSync(tmp, final);
    publish(final);
    pruneOldBuilds(final);
    console.log(`build ${stamp} ready in ${((Date.now() - started) / 1000).toFixed(1)} s → dist -> ${readlinkSync(LINK)}`);
    return { built: true, stamp };
  } finally {
    release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  build({ ifStale }).then(
    (result) => {
      if (!result.built && !process.env.BUILD_QUIET) console.log(`build ${result.stamp} is current`);
    },
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
