/**
 * `npm run test:cluster`: the production recipe, run for real on loopback ports. A fresh copy of
 * the project (no dist/) and two `npm start` in it at once (one builds, both come up), a fresh
 * PostgreSQL database, Redis, and Debian's nginx with deploy/nginx in front. Through nginx it proves:
 *   1. sign-in, then a socket receives an event caused on the other instance;
 *   2. 30 s of mixed load with a rolling restart (each instance taken out of nginx, SIGTERM,
 *      started again, put back): no request fails (5xx or connection error), the connected
 *      screen ends equal to the database after its catch-ups, every created request exists once;
 *   3. the audit log holds the load generator's address (127.0.0.2), not nginx's (127.0.0.1);
 *      request ids reach the instance's log.
 * Needs nginx, PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and
 * Redis (TEST_REDIS_URL or redis://127.0.0.1:6379). Exit code 0 when every check holds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import { openPostgres } from '../../server/db/client';
import { projectMembers, projectSettings, projects, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { CLIENT_ADDRESS, closeClients, request } from './http';
import { Load } from './load';
import { freePort, Instance, Nginx, waitFor } from './processes';
import { Screen } from './screen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 30);
const PASSWORD = 'kume-testi-sifresi-1';
const AGENTS = 4;
const OPERATORS = 2;

const checks: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail = ''): void {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}

/** The project as `git` has it (tracked and new files, not ignored ones), node_modules linked. */
function copyProject(to: string): void {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\0').filter(Boolean);
  } catch {
    // Not a git checkout: everything but what installs, builds and runs make.
    const skip = new Set(['node_modules', '.git', '.dist', 'dist', 'data', '.tmp', 'test-results', 'playwright-report']);
    cpSync(root, to, { recursive: true, filter: (source) => !skip.has(path.relative(root, source).split(path.sep)[0]!) });
    files = [];
  }
  for (const file of files) {
    try {
      cpSync(path.join(root, file), path.join(to, file), { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // deleted in the work tree
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(to, 'node_modules'), 'dir');
}

async function metric(instance: Instance, token: string, name: string): Promise<number> {
  const text = await fetch(`${instance.base}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

async function requestsServed(instance: Instance, token: string): Promise<number> {
  const text = await fetch(`${instance.base}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
  return text
    .split('\n')
    .filter((l) => l.startsWith('http_request_duration_seconds_count{') && !l.includes('route="/metrics"') && !l.includes('route="/api/ready"'))
    .reduce((sum, l) => sum + Number(l.split(' ')[1]), 0);
}

async function main() {
  if (spawnSync('nginx', ['-v']).status !== 0) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const work = mkdtempSync(path.join(tmpdir(), 'bonus-cluster-'));
  const dbName = `bonus_cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const metricsToken = 'kume-metrik-anahtari-0123456789';
  const instances: Instance[] = [];
  let nginx: Nginx | null = null;
  let screen: Screen | null = null;
  try {
    // --- two `npm start` at once in one fresh folder
    const folder = path.join(work, 'app');
    mkdirSync(folder);
    copyProject(folder);
    const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
    const env = (name: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY: `cluster-${process.pid}`,
      APP_SECRET: 'kume-testi-uygulama-anahtari-0123456789abcdef',
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN: metricsToken,
      DATA_DIR: path.join(work, `data-${name}`),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      BUILD_QUIET: '1',
    });
    const a = new Instance('a', portA, folder, env('a'), work);
    const b = new Instance('b', portB, folder, env('b'), work);
    instances.push(a, b);
    const startedAt = Date.now();
    a.start();
    b.start();
    await Promise.all([a.ready(), b.ready()]);
    check('two npm start at once in a fresh folder both come up (one builds, both migrate one database)', true, `${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    // The programs besides the server run from the build too (plain node, no tsx).
    const cli = (args: string[], extra: NodeJS.ProcessEnv) =>
      spawnSync('npm', ['run', '--silent', ...args], { cwd: folder, env: { ...env('cli'), ...extra }, encoding: 'utf8' });
    const migrated = cli(['migrate'], {});
    check('npm run migrate runs alone from the build (schema already current)', migrated.status === 0 && /Veritabanı şeması güncel/.test(migrated.stdout), (migrated.stdout + migrated.stderr).trim());
    const adminMade = cli(['create-admin'], { ADMIN_USERNAME: 'kume_admin', ADMIN_PASSWORD: PASSWORD, ADMIN_FULLNAME: 'Küme Yöneticisi' });
    check('npm run create-admin runs from the build', adminMade.status === 0 && adminMade.stdout.includes("'kume_admin' oluşturuldu"), (adminMade.stdout + adminMade.stderr).trim());

    // --- people and a project, straight into the database the instances migrated
    const database = await openPostgres(databaseUrl, 2);
    const passwordHash = await hashPassword(PASSWORD);
    const [project] = await database.db
      .insert(projects)
      .values({ code: 'KUME', name: 'Küme', baseUrl: 'https://example.com', dbHost: '127.0.0.1', dbName: 'x', dbUser: 'x' })
      .returning();
    const projectId = project!.id;
    await database.db.insert(projectSettings).values({ projectId });
    const people = [
      { username: 'kume_yonetici', role: 'manager' as const },
      ...Array.from({ length: OPERATORS }, (_, i) => ({ username: `kume_operator${i}`, role: 'operator' as const })),
      ...Array.from({ length: AGENTS }, (_, i) => ({ username: `kume_agent${i}`, role: 'agent' as const })),
    ];
    const inserted = await database.db
      .insert(users)
      .values(people.map((p) => ({ ...p, fullName: p.username, passwordHash })))
      .returning();
    await database.db.insert(projectMembers).values(inserted.map((u) => ({ projectId, userId: u.id })));

    nginx = new Nginx(work, nginxPort, [portA, portB], path.join(root, 'deploy/nginx'));
    await nginx.start();

    // --- 1. sign in through nginx; a socket through nginx hears an event caused on the other instance
    const signIn = async (username: string) => {
      const answer = await request(nginx!.base, 'POST', '/api/auth/login', { body: { username, password: PASSWORD } });
      if (answer.status !== 200) throw new Error(`sign-in of ${username} through nginx answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return (answer.body as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
    };
    const managerToken = await signIn('kume_yonetici');
    check('sign-in through nginx', true);
    const socket = io(nginx.base, { path: '/socket.io', transports: ['polling', 'websocket'], auth: { token: managerToken }, query: { projectId: String(projectId) }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await waitFor('the socket upgraded to WebSocket through nginx', () => socket.io.engine.transport.name === 'websocket', 10_000);
    const socketsOn = async (i: Instance) => metric(i, metricsToken, 'socketio_connected_sockets');
    await waitFor('the socket counted by one instance', async () => (await socketsOn(a)) + (await socketsOn(b)) === 1, 10_000);
    const holder = (await socketsOn(a)) === 1 ? a : b;
    const other = holder === a ? b : a;
    const heard = new Promise<{ id: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no event within 10 s')), 10_000);
      socket.on(SOCKET_EVENTS.requestCreated, (payload: { id: number; customerId: string }) => {
        if (payload.customerId === 'capraz-olay') {
          clearTimeout(timer);
          resolve(payload);
        }
      });
    });
    const operatorToken = await signIn('kume_operator0');
    const direct = await request(other.base, 'POST', `/api/bonus/projects/${projectId}/requests`, {
      token: operatorToken,
      body: { customerUsername: 'capraz', customerId: 'capraz-olay', amount: '10.00' },
    });
    if (direct.status !== 201) throw new Error(`create on ${other.name} answered ${direct.status}`);
    const event = await heard.then(
      (e) => e,
      () => null,
    );
    check(`socket through nginx (WebSocket, on instance ${holder.name}) receives an event caused on instance ${other.name}`, event !== null);
    socket.close();

    // --- 2. mixed load with a rolling restart
    screen = new Screen(nginx.base, managerToken, projectId);
    await screen.open();
    await screen.readAll();
    const load = new Load(nginx.base, projectId);
    const tokens = await Promise.all([...people.slice(1).map((p) => signIn(p.username))]);
    const workers = [
      ...tokens.slice(0, OPERATORS).map((t) => load.operator(t)),
      ...tokens.slice(OPERATORS).map((t) => load.agent(t)),
    ];
    const loadStarted = Date.now();
    const restarts: string[] = [];
    for (const instance of [a, b]) {
      await sleep(4_000);
      // Out of the balancer first (the recipe's step), then wait until it gets no new requests.
      nginx.reload(instance.port);
      let seen = await requestsServed(instance, metricsToken);
      let quietSince = Date.now();
      await waitFor(`${instance.name} gets no new requests after nginx took it out`, async () => {
        const now = await requestsServed(instance, metricsToken);
        if (now !== seen) {
          seen = now;
          quietSince = Date.now();
        }
        return Date.now() - quietSince >= 1_000;
      }, 30_000, 200);
      const code = await instance.stop();
      instance.start();
      await instance.ready();
      nginx.reload(null);
      restarts.push(`${instance.name} (exit ${code})`);
    }
    const elapsed = Date.now() - loadStarted;
    if (elapsed < LOAD_SECONDS * 1000) await sleep(LOAD_SECONDS * 1000 - elapsed);
    load.stop();
    await Promise.all(workers);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const total = Object.values(load.counts).reduce((s, n) => s + n, 0);
    console.log(`load: ${loadSeconds.toFixed(1)} s, ${total} requests, restarts: ${restarts.join(', ')}`);
    console.log(`answers: ${JSON.stringify(load.counts)}`);
    check(
      `no user request failed during ${loadSeconds.toFixed(0)} s of load and a rolling restart (${total} requests)`,
      load.failures.length === 0,
      load.failures.slice(0, 10).map((f) => `${f.what} ${f.status} at ${f.at} ms rid=${f.requestId ?? '-'} ${JSON.stringify(f.body ?? '').slice(0, 200)}`).join('; '),
    );
    check('the rolling restart restarted both instances, each exiting 0 on SIGTERM', restarts.length === 2 && restarts.every((r) => r.endsWith('(exit 0)')), restarts.join(', '));

    // Every created request exists once (customerId is unique per create; a retried POST would show twice).
    const rows = await database.query<{ customer_id: string; n: number }>(
      `select customer_id, count(*)::int as n from bonus_requests where project_id = $1 and customer_id <> 'capraz-olay' group by customer_id`,
      [projectId],
    );
    const twice = rows.filter((r) => r.n !== 1);
    const missing = [...load.created.keys()].filter((id) => !rows.some((r) => r.customer_id === id));
    check(
      `every created request exists once (${load.created.size} created)`,
      twice.length === 0 && missing.length === 0 && rows.length === load.created.size,
      `duplicates ${twice.length}, missing ${missing.length}, rows ${rows.length}`,
    );

    // The screen, after its catch-ups, shows what the database holds: each request's status and
    // holder. (Not its version: a repeated claim of a request already reserved for the claimant
    // moves the version with nothing to show, and sends no event.)
    const truth = async () =>
      database.query<{ id: number; status: string; agent_id: number | null }>('select id, status, assigned_user_id as agent_id from bonus_requests where project_id = $1', [projectId]);
    let differences: string[] = [];
    await waitFor('the screen to equal the database', async () => {
      differences = [];
      for (const row of await truth()) {
        const shown = screen!.rows.get(row.id);
        if (!shown || shown.status !== row.status || shown.agentId !== row.agent_id) {
          differences.push(`#${row.id} ${row.status}/${row.agent_id} shown ${shown ? `${shown.status}/${shown.agentId}` : 'missing'}`);
        }
      }
      return differences.length === 0;
    }, 15_000, 250).catch(() => undefined);
    check(`no event lost for the connected screen after its catch-ups (${JSON.stringify(screen.stats)})`, differences.length === 0, differences.slice(0, 10).join('; '));

    // --- 3. addresses and request ids
    const addresses = await database.query<{ ip: string; n: number }>(`select host(ip_address) as ip, count(*)::int as n from audit_logs where ip_address is not null group by 1`);
    check(
      `audit log addresses are the load generator's (${CLIENT_ADDRESS}), not nginx's`,
      addresses.length > 0 && addresses.every((r) => r.ip === CLIENT_ADDRESS),
      addresses.map((r) => `${r.ip}×${r.n}`).join(', '),
    );
    const probe = await request(nginx.base, 'GET', `/api/bonus/projects/${projectId}/requests?limit=1`, { token: managerToken });
    const rid = probe.requestId ?? '';
    await waitFor('the request id in an instance log', () => a.log().includes(rid) || b.log().includes(rid), 5_000).catch(() => undefined);
    check('nginx\'s request id is the answer\'s x-request-id and is in the instance\'s log', /^[0-9a-f]{32}$/.test(rid) && (a.log().includes(`"reqId":"${rid}"`) || b.log().includes(`"reqId":"${rid}"`)), rid);

    await database.close();
  } finally {
    screen?.close();
    closeClients();
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    const failed = checks.some((c) => !c.ok);
    if (failed) for (const i of instances) console.log(`--- ${i.name} log tail\n${i.tail(15)}`);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    if (!failed && !process.env.KEEP_CLUSTER_FILES) rmSync(work, { recursive: true, force: true });
    else console.log(`files kept in ${work}`);
  }
}

main().then(
  () => {
    const failed = checks.filter((c) => !c.ok);
    console.log(`\ncluster test: ${checks.length - failed.length} passed, ${failed.length} failed`);
    process.exit(failed.length ? 1 : 0);
  },
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
