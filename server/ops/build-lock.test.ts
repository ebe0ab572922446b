import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireBuildLock } from '../../scripts/build-lock.mjs';

/** Two `npm start` in one folder: their builds take turns (scripts/build.mjs), and a dead builder's lock is taken over. */
describe('build lock', () => {
  it('a second build waits until the first releases', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bonus-lock-')), 'lock');
    const order: string[] = [];
    const releaseFirst = await acquireBuildLock(dir);
    order.push('first acquired');
    const second = acquireBuildLock(dir).then((release) => {
      order.push('second acquired');
      return release;
    });
    // The second is polling now; the first finishes its build and releases.
    await new Promise((resolve) => setImmediate(resolve));
    order.push('first released');
    releaseFirst();
    (await second)();
    expect(order).toEqual(['first acquired', 'first released', 'second acquired']);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bonus-lock-')), 'lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'owner'), dead.stdout);
    const release = await acquireBuildLock(dir, { waitMs: 30_000 });
    release();
  });
});
