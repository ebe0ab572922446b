// One build at a time in a project folder. `mkdir` is atomic: whoever creates the lock folder
// builds; the others wait for it to go. A lock left by a process that died (its pid is gone) is
// taken over, so a killed build never blocks the next start.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export async function acquireBuildLock(dir, { waitMs = 10 * 60_000 } = {}) {
  const owner = path.join(dir, 'owner');
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let pid = NaN;
    try {
      pid = Number(readFileSync(owner, 'utf8'));
    } catch {
      // The owner is between mkdir and writing its pid: wait for it.
    }
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`build lock ${dir} held by process ${pid} for too long`);
    if (!announced) {
      console.log(`another build is running (process ${pid}): waiting for it`);
      announced = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
