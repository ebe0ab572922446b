import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls until `check` is true; throws with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(everyMs);
  }
}

/** One built instance, started as an operator would (`npm start` in the project folder). */
export class Instance {
  child: ChildProcess | null = null;
  readonly logFile: string;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly folder: string,
    private readonly env: NodeJS.ProcessEnv,
    logDir: string,
  ) {
    this.logFile = path.join(logDir, `${name}.log`);
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    // npm start: builds when dist/ is missing or stale, then `exec node dist/server/main.js`.
    const child = spawn('npm', ['start', '--silent'], { cwd: this.folder, env: { ...this.env, PORT: String(this.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    this.child = child;
  }

  async ready(timeoutMs = 240_000): Promise<void> {
    await waitFor(`${this.name} ready on ${this.base}/api/ready`, async () => {
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) throw new Error(`${this.name} exited (${this.child.exitCode}):\n${this.tail()}`);
      return fetch(`${this.base}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
    }, timeoutMs);
  }

  /** SIGTERM (npm passes it to the server) and wait for the process to end. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    this.child = null;
    return code;
  }

  tail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  log(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }
}

/**
 * Debian's nginx with the recipe's two files from deploy/nginx, changed only in the instances'
 * ports, the listening address and the log paths; run in the foreground as this user.
 */
export class Nginx {
  private child: ChildProcess | null = null;
  private readonly conf: string;
  private readonly upstreams: string;
  readonly accessLog: string;
  constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly instancePorts: [number, number],
    recipeDir: string,
  ) {
    this.conf = path.join(dir, 'nginx.conf');
    this.upstreams = path.join(dir, 'bonus-panel-upstreams.conf');
    this.accessLog = path.join(dir, 'access.log');
    const site = readFileSync(path.join(recipeDir, 'bonus-panel.conf'), 'utf8')
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
      .replace('/var/log/nginx/bonus-panel.log', this.accessLog);
    writeFileSync(path.join(dir, 'bonus-panel.conf'), site);
    this.upstreamTemplate = readFileSync(path.join(recipeDir, 'bonus-panel-upstreams.conf'), 'utf8');
    this.writeUpstreams(null);
    writeFileSync(
      this.conf,
      `pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
worker_processes 1;
daemon off;
# Old workers keep live sockets after a reload; they end within this.
worker_shutdown_timeout 20s;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/client_temp;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  include ${this.upstreams};
  include ${path.join(dir, 'bonus-panel.conf')};
}
`,
    );
  }
  private readonly upstreamTemplate: string;

  /** The upstream file with the instances' ports, the one on `downPort` marked `down`. */
  private writeUpstreams(downPort: number | null): void {
    const [a, b] = this.instancePorts;
    const text = this.upstreamTemplate
      .replace(/127\.0\.0\.1:3001 max_fails=1 fail_timeout=5s;/g, `127.0.0.1:${a} max_fails=1 fail_timeout=5s${downPort === a ? ' down' : ''};`)
      .replace(/127\.0\.0\.1:3002 max_fails=1 fail_timeout=5s;/g, `127.0.0.1:${b} max_fails=1 fail_timeout=5s${downPort === b ? ' down' : ''};`);
    writeFileSync(this.upstreams, text);
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const test = spawnSync('nginx', ['-t', '-p', this.dir, '-c', this.conf], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    this.child = spawn('nginx', ['-p', this.dir, '-c', this.conf], { stdio: ['ignore', 'inherit', 'inherit'] });
    await waitFor('nginx listening', () => fetch(`${this.base}/api/health`).then(() => true, () => false), 20_000);
  }

  /** Takes an instance out of (or back into) the balancer: the recipe's rolling-restart step. */
  reload(downPort: number | null): void {
    this.writeUpstreams(downPort);
    const result = spawnSync('nginx', ['-s', 'reload', '-p', this.dir, '-c', this.conf], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`nginx reload failed:\n${result.stderr}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await Promise.race([exited, sleep(25_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
