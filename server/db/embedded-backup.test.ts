import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { decryptSecret, encryptSecret } from '../lib/secrets';
import { hashPassword } from '../lib/passwords';
import { openPglite } from './client';
import { projectMembers, projectSettings, projects, users } from './schema';

/**
 * `npm run backup` / `npm run restore FILE` on the embedded database: requests created through
 * the API, a backup, the data folder deleted, a restore; the same requests, the same sign-in,
 * and the project's encrypted database password still readable (the key came back too).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-backup-'));
const backupFile = path.join(tmpdir(), `bonus-backup-${Date.now()}.backup`);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupFile, { force: true });
});

async function startApp() {
  const config = loadConfig({}, { NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const database = await openPglite(path.join(dataDir, 'pg'));
  const app = await buildApp({ config, database });
  await app.ready();
  return { app, close: async () => (await app.close(), await database.close()) };
}

const cli = (script: string, ...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'APP_SECRET'].includes(k))), DATA_DIR: dataDir },
    encoding: 'utf8',
  });

it('backs up, loses the data folder, restores: same requests, same sign-in, secrets still readable', async () => {
  let first = await startApp();
  const db = first.app.ctx.database.db;
  const [project] = await db
    .insert(projects)
    .values({ code: 'YEDEK', name: 'Yedek', baseUrl: 'https://example.com', dbHost: '127.0.0.1', dbName: 'x', dbUser: 'x', dbPasswordEnc: encryptSecret('kaynak-sifresi', first.app.ctx.keys.encryption) })
    .returning();
  await db.insert(projectSettings).values({ projectId: project!.id });
  const [user] = await db.insert(users).values({ username: 'yedekci', fullName: 'Yedek', role: 'manager', passwordHash: await hashPassword('yedek-sifresi-1') }).returning();
  await db.insert(projectMembers).values({ projectId: project!.id, userId: user!.id });
  const signIn = (app: typeof first.app) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'yedekci', password: 'yedek-sifresi-1' } });
  const token = (await signIn(first.app)).json().data.tokens.accessToken;
  for (const externalId of ['Y-1', 'Y-2', 'Y-3']) {
    const res = await first.app.inject({
      method: 'POST',
      url: `/api/bonus/projects/${project!.id}/requests`,
      headers: { authorization: `Bearer ${token}` },
      payload: { externalId, customerUsername: 'musteri', bonusType: 'cashback', amount: '125.50', priority: 3 },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const list = async (app: typeof first.app, accessToken: string) =>
    (await app.inject({ method: 'GET', url: `/api/bonus/projects/${project!.id}/requests?limit=50`, headers: { authorization: `Bearer ${accessToken}` } })).json().data;
  const before = await list(first.app, token);
  expect(before.items).toHaveLength(3);
  await first.close();

  expect(cli('backup', backupFile)).toContain('anahtar dahil');
  rmSync(dataDir, { recursive: true, force: true });
  expect(cli('restore', backupFile)).toContain('Geri yüklendi');

  first = await startApp();
  try {
    const signedIn = await signIn(first.app);
    expect(signedIn.statusCode).toBe(200);
    const after = await list(first.app, signedIn.json().data.tokens.accessToken);
    expect(after.items.map((r: { id: number; externalId: string; amount: string }) => [r.id, r.externalId, r.amount])).toEqual(
      before.items.map((r: { id: number; externalId: string; amount: string }) => [r.id, r.externalId, r.amount]),
    );
    const [restored] = await first.app.ctx.database.db.select().from(projects).where(eq(projects.id, project!.id));
    expect(decryptSecret(restored!.dbPasswordEnc!, first.app.ctx.keys.encryption)).toBe('kaynak-sifresi');
  } finally {
    await first.close();
  }
  // A restore never overwrites a database that is there.
  expect(() => cli('restore', backupFile)).toThrow();
}, 240_000);
