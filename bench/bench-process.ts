import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_USER } from './seed-bench-requests';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts bench-server.ts (the API in its own process) and resolves once it listens. */
/** BENCH_CPU_PROF=1: the node options that write a V8 CPU profile of the API process (one file per thread) to .tmp/cpu-prof/, for Chrome DevTools. */
export function cpuProfileArgs(): string[] {
  return process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, '.tmp', 'cpu-prof')}`] : [];
}

export function startBenchServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'bench', 'bench-server.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

/** Signs the benchmark manager in; answers the access token. */
export async function benchLogin(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USER.username, password: BENCH_USER.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
}
