import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build.mjs';

/**
 * What the built server loads, and when (scripts/build.mjs, server/main.ts). The embedded
 * database takes about a second to start in its own thread; main.js starts it before the rest
 * of the server has loaded, so main.js itself must load little. And what only some
 * installations use is loaded when first used, not at every start.
 */
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'bonus-build-'));
  await buildServer(outDir);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const STATIC_IMPORT = /^\s*import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm;
const DYNAMIC_LOCAL_IMPORT = /\bimport\(\s*["'](\.\/[^"']+)["']\s*\)/g;

/** The packages a built file loads before its code runs: its static imports, followed through the build's own files. */
function staticPackages(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, specifier] of readFileSync(path.join(outDir, file), 'utf8').matchAll(STATIC_IMPORT)) {
    if (specifier!.startsWith('./')) for (const p of staticPackages(specifier!.slice(2), seen)) packages.add(p);
    else if (!specifier!.startsWith('node:')) packages.add(specifier!.split('/').slice(0, specifier!.startsWith('@') ? 2 : 1).join('/'));
  }
  return packages;
}

describe('the built server: what it loads at start', () => {
  it('main.js starts the database having loaded only what reads the configuration: no web server, no ORM, no database engine', () => {
    expect([...staticPackages('main.js')]).toEqual(['zod']);
  });

  it('the rest of the server comes in by a dynamic import, and loads neither the PostgreSQL driver nor the mail library', () => {
    const main = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    const later = [...main.matchAll(DYNAMIC_LOCAL_IMPORT)].map((m) => m[1]!.slice(2));
    expect(later.some((file) => file.startsWith('start-server'))).toBe(true);
    const packages = new Set([...staticPackages('main.js'), ...later.flatMap((file) => [...staticPackages(file)])]);
    expect(packages).toContain('fastify');
    // The embedded database's server never needs pg; nodemailer only once an e-mail goes out over SMTP.
    expect(packages).not.toContain('pg');
    expect(packages).not.toContain('nodemailer');
  });
});
