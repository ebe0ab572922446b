import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { AppContext } from '../../../context';
import { projects } from '../../../db/schema';
import { DEMO_PROJECTS, DEMO_USERS } from '../../../db/seed/demo-organisation';
import { decryptSecret, encryptSecret, randomToken } from '../../../lib/secrets';
import { EmbeddedSourceServer } from '../embedded-source/embedded-source-server';
import { demoPersonnel, demoRequest, seededRandom, type DemoRequest } from './demo-source-data';

/** How often the feeder adds requests to every demo project's system. */
export const DEMO_FEED_EVERY_MS = 60_000;
const SEED_REQUESTS = 80;
const FIRST_EXTERNAL_NUMBER = 500_001;

const demoDatabaseOf = (code: string) => `${code.toLowerCase()}_bonus`;

async function insertDemoRequests(db: PGlite, rows: DemoRequest[], updatedAt: (r: DemoRequest) => Date): Promise<void> {
  for (const r of rows) {
    await db.query(
      `insert into bonus_requests (external_id, customer_id, username, name, bonus_type, amount, description, priority, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [r.externalId, r.customerId, r.username, r.name, r.bonusType, r.amount, r.description, r.priority, r.status, r.createdAt.toISOString(), updatedAt(r).toISOString()],
    );
  }
}

async function seedDemoDatabase(db: PGlite, code: string, projectIndex: number): Promise<void> {
  const random = seededRandom(1_000 + projectIndex);
  const now = Date.now();
  // Spread over the last ten days, numbered in creation order.
  const times = Array.from({ length: SEED_REQUESTS }, () => now - 60_000 - random() * 10 * 86_400_000).sort((a, b) => a - b);
  const rows = times.map((time, i) => demoRequest(random, code, FIRST_EXTERNAL_NUMBER + i, new Date(time)));
  // A closed request was closed some hours after it was made; an open one is unchanged since.
  await insertDemoRequests(db, rows, (r) => (r.status === 'pending' ? r.createdAt : new Date(Math.min(now - 30_000, r.createdAt.getTime() + 3 * 3600_000))));
  const agents = DEMO_USERS.filter((u) => u.role === 'agent' && u.projects.includes(projectIndex));
  for (const p of demoPersonnel(code, agents)) {
    await db.query('insert into personnel (external_id, username, full_name, email, active) values ($1, $2, $3, $4, $5)', [p.externalId, p.username, p.fullName, p.email, p.active]);
  }
}

/** Adds a few new requests to a demo system, and now and then closes an open one there. */
async function feedDemoDatabase(db: PGlite, code: string): Promise<void> {
  const random = seededRandom(Date.now() % 1_000_000);
  const [{ last } = { last: FIRST_EXTERNAL_NUMBER - 1 }] = (
    await db.query<{ last: number }>(`select coalesce(max(substring(external_id from '[0-9]+$')::int), ${FIRST_EXTERNAL_NUMBER - 1}) as last from bonus_requests`)
  ).rows;
  const count = 1 + Math.floor(random() * 3);
  const rows = Array.from({ length: count }, (_, i) => demoRequest(random, code, Number(last) + 1 + i, new Date(), 'pending'));
  await insertDemoRequests(db, rows, () => new Date());
  if (random() < 0.3) {
    await db.query(
      `update bonus_requests set status = $1 where external_id = (select external_id from bonus_requests where status = 'pending' order by created_at limit 1)`,
      [random() < 0.7 ? 'approved' : 'rejected'],
    );
  }
}

export interface DemoExternalSystem {
  port: number;
  /** The demo projects it serves. */
  projectIds: number[];
  /** Runs the feeder once, now (the interval does it every minute). */
  feed(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The demo projects' own systems (demo mode): one embedded PostgreSQL under DATA_DIR/external,
 * one database per demo project, reached through the normal `pg` connector on 127.0.0.1 and a
 * free port. The port can change between starts, so it is written into the demo projects at
 * each start — only for projects still pointing at their demo database (an admin may have
 * pointed one elsewhere). A database-less demo project gets a generated password, stored
 * encrypted like any project's.
 */
export async function startDemoExternalSystem(ctx: AppContext, options: { inMemory?: boolean; feedEveryMs?: number } = {}): Promise<DemoExternalSystem> {
  const server = await EmbeddedSourceServer.start({ dataDir: options.inMemory ? undefined : path.join(ctx.config.DATA_DIR, 'external') });
  const db = ctx.database.db;
  const codes = DEMO_PROJECTS.map((p) => p.code);
  const rows = await db.select().from(projects).where(and(inArray(projects.code, codes), eq(projects.dbHost, '127.0.0.1')));
  const served: string[] = [];
  const projectIds: number[] = [];
  for (const project of rows) {
    const database = demoDatabaseOf(project.code);
    if (project.dbName !== database || project.dbType !== 'postgresql') continue;
    let password = project.dbPasswordEnc ? decryptSecret(project.dbPasswordEnc, ctx.keys.encryption) : '';
    if (!password) password = randomToken(18);
    const { created } = await server.addDatabase(database, { user: project.dbUser, password });
    if (created) await server.session(database, (pg) => seedDemoDatabase(pg, project.code, codes.indexOf(project.code as (typeof codes)[number])));
    await db
      .update(projects)
      .set({ dbPort: server.port, dbPasswordEnc: encryptSecret(password, ctx.keys.encryption), updatedAt: new Date() })
      .where(eq(projects.id, project.id));
    served.push(project.code);
    projectIds.push(project.id);
  }

  const feed = async () => {
    for (const code of served) await server.session(demoDatabaseOf(code), (pg) => feedDemoDatabase(pg, code));
  };
  const timer = setInterval(() => {
    feed().catch((err) => ctx.log.warn({ err }, 'demo feeder failed'));
  }, options.feedEveryMs ?? DEMO_FEED_EVERY_MS);
  timer.unref();
  ctx.log.info({ port: server.port, projects: served }, 'demo external system listening');
  return {
    port: server.port,
    projectIds,
    feed,
    stop: async () => {
      clearInterval(timer);
      await server.stop();
    },
  };
}
