import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { AUTH_COOKIES } from '@common/constants';
import type { Role } from '@common/enums';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../db/test-database';
import { projectMembers, projectSettings, projects, users } from '../db/schema';
import { ManualClock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { bounded } from '../lib/bounded';
import type { App } from '../types';
import { checkAnswers } from './openapi-check';

export const TEST_PASSWORD = 'test-password-1';
let passwordHash: Promise<string> | undefined;

export interface TestApp {
  app: App;
  clock: ManualClock;
  /** Everything the server logged, to search for secrets. */
  logs: string[];
  /** Every registered route with its schemas, as Fastify saw it. */
  routes: RouteOptions[];
  close(): Promise<void>;
}

/** The real app on a fresh database (PGlite in memory, or a new database on TEST_DATABASE_URL). */
type ConfigOverrides = Partial<Record<keyof Config, string>>;

/** The configuration every test server runs with: no jobs, no web build, a fixed secret. */
function testConfig(dataDir: string, overrides: ConfigOverrides): Config {
  return loadConfig({}, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
    JOBS_ENABLED: 'false',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...overrides,
  });
}

export async function createTestApp(overrides: ConfigOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-test-'));
  const config = testConfig(dataDir, overrides);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const clock = new ManualClock();
  const routes: RouteOptions[] = [];
  const app = await buildApp({ config, database, clock, logStream, onRoute: (route) => void routes.push(route) });
  await app.ready();
  // Every JSON answer a test receives must match the OpenAPI document (server/test/openapi-check.ts).
  checkAnswers(app);
  return {
    app,
    clock,
    logs,
    routes,
    close: async () => {
      // Bounded, and saying which step hung: a teardown never eats the whole hook timeout silently.
      await bounded(app.close(), 30_000, () => console.warn('test app: app.close() took over 30 s'));
      await database.close();
    },
  };
}

/**
 * Another instance of the server beside a test app (as after a restart, or a second node): its
 * data folder, clock and — unless given its own pool — database. The caller closes it.
 */
export async function siblingInstance(of: TestApp, opts: { database?: Database; overrides?: ConfigOverrides } = {}): Promise<App> {
  const app = await buildApp({
    config: testConfig(of.app.ctx.config.DATA_DIR, { LOG_LEVEL: 'warn', ...opts.overrides }),
    database: opts.database ?? of.app.ctx.database,
    clock: of.clock,
  });
  await app.ready();
  return checkAnswers(app);
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A user with TEST_PASSWORD, member of the given projects. */
export async function buildUser(app: App, opts: { role?: Role; projects?: number[]; username?: string; isActive?: boolean; maxLoad?: number | null } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const db = app.ctx.database.db;
  const [user] = await db
    .insert(users)
    .values({
      username: opts.username ?? unique('user'),
      fullName: 'Test Kullanıcı',
      email: null,
      role: opts.role ?? 'operator',
      isActive: opts.isActive ?? true,
      // null = the project's defaultAgentCapacity.
      maxLoad: opts.maxLoad === undefined ? 5 : opts.maxLoad,
      passwordHash: await passwordHash,
    })
    .returning();
  if (opts.projects?.length) {
    await db.insert(projectMembers).values(opts.projects.map((projectId) => ({ projectId, userId: user!.id })));
  }
  return user!;
}

export async function buildProject(app: App, opts: { code?: string; name?: string } = {}) {
  const db = app.ctx.database.db;
  const code = opts.code ?? unique('P').toUpperCase();
  const [project] = await db
    .insert(projects)
    .values({ code, name: opts.name ?? `Proje ${code}`, baseUrl: 'https://example.com', dbHost: '127.0.0.1', dbName: 'ext', dbUser: 'reader' })
    .returning();
  await db.insert(projectSettings).values({ projectId: project!.id });
  return project!;
}

/** A fresh tenant: a project with one user of each role, and a foreign project nobody of them is in. */
export async function buildTenant(app: App) {
  const project = await buildProject(app);
  const foreign = await buildProject(app);
  const roles: Role[] = ['super_admin', 'admin', 'manager', 'operator', 'agent'];
  const members = Object.fromEntries(
    await Promise.all(roles.map(async (role) => [role, await buildUser(app, { role, projects: [project.id] })] as const)),
  ) as Record<Role, Awaited<ReturnType<typeof buildUser>>>;
  return { project, foreign, members };
}

export async function login(app: App, username: string, password = TEST_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { accessToken: body.data.tokens.accessToken as string, ...sessionCookiesOf(res), user: body.data.user };
}

/** The refresh token and CSRF token a sign-in or refresh answer set as cookies. */
export function sessionCookiesOf(res: { cookies: { name: string; value: string }[] }): { refreshToken: string; csrfToken: string } {
  const value = (name: string) => res.cookies.find((c) => c.name === name)?.value ?? '';
  return { refreshToken: value(AUTH_COOKIES.refresh), csrfToken: value(AUTH_COOKIES.csrf) };
}

/**
 * POST /api/auth/refresh as the web app makes it: the refresh token in its cookie, the CSRF token
 * in its cookie and repeated in X-CSRF-Token. `csrfToken: null` leaves the header out.
 */
export function refreshWith(app: App, session: { refreshToken: string; csrfToken?: string | null }, headers: Record<string, string> = {}) {
  const csrf = session.csrfToken === undefined ? 'test-csrf' : session.csrfToken;
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { [AUTH_COOKIES.refresh]: session.refreshToken, ...(csrf ? { [AUTH_COOKIES.csrf]: csrf } : {}) },
    headers: { ...(csrf ? { [AUTH_COOKIES.csrfHeader]: csrf } : {}), ...headers },
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
