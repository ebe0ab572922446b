import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BENCH_USER } from './seed-bench-requests';

/**
 * Starts the API under test in its own process (bench-server.ts), resolving once it listens.
 * BENCH_CPU_PROF=1 writes a V8 CPU profile of it to .tmp/cpu-prof/ (open it in Chrome DevTools).
 */
export function startBenchServer(root: string, pgliteDir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp', 'cpu-prof')}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'bench', 'bench-server.ts')], {
      cwd: root,
      env: { ...process.env, BENCH_PGLITE_DIR: pgliteDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

/** The benchmark manager's access token. */
export async function benchLogin(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USER.username, password: BENCH_USER.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
}
