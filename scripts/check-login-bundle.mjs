#!/usr/bin/env node
// CI check: the JavaScript a browser needs before the login page can render (the entry chunk,
// the login route's lazy chunk, and every chunk they import statically), summed as gzip sizes
// from Vite's manifest, must stay under the budget. Run after `vite build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.LOGIN_JS_BUDGET_KB ?? 120);
const dist = path.resolve(process.argv[2] ?? 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/pages/login-page.tsx'));
if (!entryKey || !loginKey) {
  console.error(`check-login-bundle: ${entryKey ? 'login page chunk' : 'entry chunk'} not found in the manifest`);
  process.exit(1);
}

/** The chunk and everything it imports statically (what the browser must fetch before running it). */
const seen = new Set();
const walk = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) walk(dep);
};
walk(entryKey);
walk(loginKey);

const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, br: brotliCompressSync(bytes).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => s + r.gzip, 0);
for (const r of rows) console.log(`${(r.gzip / 1000).toFixed(1).padStart(7)} kB gzip  ${(r.raw / 1000).toFixed(1).padStart(7)} kB  ${r.file}`);
const brotli = rows.reduce((s, r) => s + r.br, 0);
console.log(`login route JavaScript: ${(total / 1000).toFixed(1)} kB gzip (budget ${BUDGET_KB} kB); ${(brotli / 1000).toFixed(1)} kB as brotli, what browsers get`);
if (total > BUDGET_KB * 1000) {
  console.error(`check-login-bundle: over budget by ${((total - BUDGET_KB * 1000) / 1000).toFixed(1)} kB`);
  process.exit(1);
}
