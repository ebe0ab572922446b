import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SyncLog, SyncStartBody } from '@common/schemas/bridge-sync';
import { bonusRequests, projects, syncLogs } from '../../../db/schema';
import { encryptSecret } from '../../../lib/secrets';
import { bearer } from '../../../test/harness';
import type { App } from '../../../types';
import type { SourceConfig } from '../connectors/source-types';
import { presentSyncLog, selectSyncLogs } from '../present-sync-log';

/** Points a project at a source, storing the password as the product does (encrypted). */
export async function pointProjectAt(app: App, projectId: number, config: SourceConfig): Promise<void> {
  await app.ctx.database.db
    .update(projects)
    .set({
      dbType: config.dbType,
      dbHost: config.host,
      dbPort: config.port,
      dbName: config.database,
      dbUser: config.user,
      dbPasswordEnc: config.password ? encryptSecret(config.password, app.ctx.keys.encryption) : null,
    })
    .where(eq(projects.id, projectId));
}

export async function startSync(app: App, token: string, projectId: number, body: SyncStartBody = { syncType: 'bonus' }) {
  return app.inject({ method: 'POST', url: `/api/bridge/projects/${projectId}/sync`, headers: bearer(token), payload: body });
}

/** Waits until the job's row is no longer running and returns it as the API shows it. */
export async function waitForSync(app: App, logId: number, timeoutMs = 45_000): Promise<SyncLog> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await selectSyncLogs(app.ctx.database.db).where(eq(syncLogs.id, logId));
    if (row && row.status !== 'running' && row.status !== 'pending') return presentSyncLog(row);
    if (Date.now() > until) throw new Error(`sync ${logId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Starts a job through the API, expects 202, and waits for its end. */
export async function runSync(app: App, token: string, projectId: number, body: SyncStartBody = { syncType: 'bonus' }): Promise<SyncLog> {
  const res = await startSync(app, token, projectId, body);
  expect(res.statusCode, res.body).toBe(202);
  return waitForSync(app, res.json().data.id);
}

export async function requestsOf(app: App, projectId: number) {
  return app.ctx.database.db.select().from(bonusRequests).where(eq(bonusRequests.projectId, projectId)).orderBy(asc(bonusRequests.externalId));
}

/** A moment `days` days and `minutes` minutes ago, for source rows older than any watermark overlap. */
export function ago(days: number, minutes = 0): Date {
  return new Date(Date.now() - days * 86_400_000 - minutes * 60_000);
}
