import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { pendingDatabase } from './db/pending-database';
import { createTestDatabase } from './db/test-database';
import { bearer, buildProject, buildUser, login } from './test/harness';

/**
 * server/main.ts builds the app while the database opens (the embedded one takes about a second
 * in its thread): nothing in the build may query it, and the route modules that keep its `db`
 * must reach the open database once it is there. The server listens only after that.
 */
it('the app is built on a database still opening, waits for it at the end, then serves from it', async () => {
  let open!: (database: Database) => void;
  const pending = pendingDatabase('pglite', new Promise<Database>((resolve) => (open = resolve)));
  // The build's last step listens for session changes: it waits there for the database.
  const waitingForDatabase = new Promise<void>((resolve) => {
    const listen = pending.listen;
    pending.listen = (channel, handlers) => {
      resolve();
      return listen(channel, handlers);
    };
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bonus-pending-'));
  const config = loadConfig({}, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    APP_SECRET: 'test-secret-that-is-long-enough-for-hkdf-0123456789',
    JOBS_ENABLED: 'false',
  });
  let built = false;
  const building = buildApp({ config, database: pending }).then((app) => ((built = true), app));
  await waitingForDatabase;
  expect(built).toBe(false);

  const database = await createTestDatabase();
  open(database);
  const app = await building;
  try {
    await app.ready();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'up', databaseKind: 'pglite' });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    // The projects' routes kept the database's `db` while the app was built.
    const project = await buildProject(app, { name: 'Açılırken Kurulan' });
    const admin = await buildUser(app, { role: 'admin', projects: [project.id] });
    const { accessToken } = await login(app, admin.username);
    const list = await app.inject({ method: 'GET', url: '/api/projects', headers: bearer(accessToken) });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Açılırken Kurulan');
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
