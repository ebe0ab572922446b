import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lockFileOf } from './db/data-folder-lock';

/**
 * The real server process (server/main.ts), stopped with SIGTERM right after its first answer,
 * while the rest of its start (the demo's external systems, the background jobs) still runs: it
 * shuts down in order — the embedded database closed, the data folder's lock released — and
 * exits 0, instead of dying of the signal with the database open.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-start-stop-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

it('a SIGTERM during the last steps of the start shuts down in order and exits 0', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'REDIS_URL', 'APP_SECRET'].includes(key))),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_SYNC_HISTORY: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  // The demo's external systems open embedded databases of their own after the first answer: not yet there.
  expect(output, 'the start had already finished').not.toContain('demo external system listening');
  expect(existsSync(lockFileOf(path.join(dataDir, 'pg')))).toBe(true);
  child.kill('SIGTERM');

  expect(await exited, output).toEqual({ code: 0, signal: null });
  expect(output).toContain('shutting down');
  expect(existsSync(lockFileOf(path.join(dataDir, 'pg')))).toBe(false);
}, 180_000);
