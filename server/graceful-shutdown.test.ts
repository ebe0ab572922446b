import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_RESTARTING_MESSAGE, SOCKET_EVENTS } from '@common/socket-events';
import { openPglite } from './db/client';
import { projectMembers, projectSettings, projects, users } from './db/schema';
import { hashPassword } from './lib/passwords';
import { connectAs } from './test/socket-client';

/**
 * The real server process (server/main.ts) on an embedded data folder, stopped with SIGTERM:
 * it stops accepting, finishes the request in flight, tells its sockets why before closing
 * them, and exits on its own within 10 s.
 */
const PASSWORD = 'kapanis-sifresi-1';
const IN_FLIGHT = 16;
let dataDir: string;
let child: ChildProcess | undefined;
let base: string;
let projectId: number;
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-shutdown-'));
  const database = await openPglite(path.join(dataDir, 'pg'));
  const [project] = await database.db.insert(projects).values({ code: 'KAPAN', name: 'Kapanış', baseUrl: 'https://example.com', dbHost: '127.0.0.1', dbName: 'x', dbUser: 'x' }).returning();
  await database.db.insert(projectSettings).values({ projectId: project!.id });
  const passwordHash = await hashPassword(PASSWORD);
  const [user] = await database.db.insert(users).values({ username: 'kapanis', fullName: 'Kapanış Testi', role: 'manager', passwordHash }).returning();
  // One account per request in flight: parallel sign-ins of one account would meet its lockout.
  await database.db.insert(users).values(Array.from({ length: IN_FLIGHT }, (_, i) => ({ username: `kapanis${i}`, fullName: 'Kapanış', role: 'agent' as const, passwordHash })));
  await database.db.insert(projectMembers).values({ projectId: project!.id, userId: user!.id });
  await database.close();
  projectId = project!.id;

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'REDIS_URL', 'APP_SECRET'].includes(key))),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      WEB_DIST: path.join(dataDir, 'no-web'),
      APP_SECRET: 'shutdown-test-secret-long-enough-0123456789abcdef',
      // Each request's 'incoming request' line tells the test it has been received.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 240 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 240_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('on SIGTERM: stops accepting, finishes the request in flight, closes sockets with the restart notice, exits 0 within 10 s', async () => {
  const loginRes = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'kapanis', password: PASSWORD }),
  });
  const token = (await loginRes.json()).data.tokens.accessToken as string;
  const socket = await connectAs(base, token, projectId);
  const notice = new Promise<{ message: string }>((resolve) => {
    socket.on(SOCKET_EVENTS.serverRestarting, (payload: { message: string }, ack?: () => void) => {
      ack?.();
      resolve(payload);
    });
  });
  const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

  // Requests in flight: 16 sign-ins (argon2 runs four at a time, so most are still being
  // worked on when the last one has been received); the signal comes once the server logged all of them.
  // Each on a connection of its own, written at once (fetch would hold some back in its pool).
  const signIn = (i: number) =>
    new Promise<number | string>((resolve) => {
      const body = JSON.stringify({ username: `kapanis${i}`, password: PASSWORD });
      const req = http.request(`${base}/api/auth/login`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', (e) => resolve(`failed: ${e.message}`));
      req.end(body);
    });
  const received = () => output.split('\n').filter((l) => l.includes('incoming request') && l.includes('/api/auth/login')).length;
  const already = received();
  const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) => signIn(i));
  while (received() < already + IN_FLIGHT) await new Promise((r) => setTimeout(r, 20));
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  child!.kill('SIGTERM');

  expect((await notice).message).toBe(SERVER_RESTARTING_MESSAGE);
  expect(await disconnected).toBe('io server disconnect');

  // New connections are refused.
  let refused = false;
  for (let i = 0; i < 50 && !refused; i++) {
    refused = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.status === 503, () => true);
    if (!refused) await new Promise((r) => setTimeout(r, 100));
  }
  expect(refused).toBe(true);

  // Every request that had arrived got its full answer.
  const statuses = await Promise.all(inFlight);
  expect(statuses, JSON.stringify(statuses)).toEqual(Array(IN_FLIGHT).fill(200));

  const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), 10_000))]);
  expect(code, output).toBe(0);
  socket.close();
}, 60_000);
