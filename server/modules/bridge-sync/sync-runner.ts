import { and, eq, sql } from 'drizzle-orm';
import { SYNC_MESSAGES, type SyncLog, type SyncProgress, type SyncStartInput } from '@common/schemas/bridge-sync';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { projects, syncLogs, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { PROJECT_NOT_FOUND } from '../../policies/authorize';
import { writeAudit } from '../audit';
import { SourceError } from './connectors/source-errors';
import { JobProgress } from './job-progress';
import { notifySyncEnded } from './notify-sync-ended';
import { presentSyncLog, progressOf, selectSyncLogs, type SyncLogRow } from './present-sync-log';
import { runSync } from './run-sync';
import type { Actor } from '../../policies/actor';
import { perContext } from '../../lib/per-context';

class StopReason extends Error {}

/** How often a running job writes its heartbeat (and counts), from the staleness limit. */
export function heartbeatMs(ctx: AppContext): number {
  return Math.min(5_000, (ctx.config.SYNC_STALE_AFTER_SECONDS * 1000) / 4);
}

/** Inserts the 'running' row; the partial unique index makes this fail for a second job of the project. */
export async function claimSyncSlot(
  tx: DbOrTx,
  input: { projectId: number; body: SyncStartInput; trigger: 'manual' | 'schedule'; actor: Actor | null; ipAddress?: string | null },
): Promise<SyncLogRow | null> {
  const [row] = await tx
    .insert(syncLogs)
    .values({
      projectId: input.projectId,
      syncType: input.body.syncType,
      status: 'running',
      forceFullSync: input.body.forceFullSync,
      dateFrom: input.body.syncType === 'custom' ? (input.body.dateFrom ?? null) : null,
      dateTo: input.body.syncType === 'custom' ? (input.body.dateTo ?? null) : null,
      trigger: input.trigger,
      startedByUserId: input.actor?.id ?? null,
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
    })
    .onConflictDoNothing({ target: syncLogs.projectId, where: sql`status in ('running', 'pending')` })
    .returning();
  if (!row) return null;
  await writeAudit(tx, {
    actor: input.actor ? { id: input.actor.id, username: input.actor.username } : { id: null, username: SYNC_MESSAGES.scheduleName },
    action: 'SYNC_STARTED',
    resourceId: row.id,
    projectId: input.projectId,
    ipAddress: input.ipAddress ?? null,
    details: { syncType: row.syncType, forceFullSync: row.forceFullSync, trigger: row.trigger, dateFrom: row.dateFrom, dateTo: row.dateTo },
  });
  return row;
}

/**
 * Starts sync jobs and runs them in the background of this server instance. One job per project
 * at a time is held by the database (the 'running' row), not by this object, so it also holds
 * across instances; this object only knows the jobs it runs itself.
 */
export class SyncRunner {
  private readonly jobs = new Map<number, { controller: AbortController; progress: JobProgress; done: Promise<void> }>();

  constructor(private readonly ctx: AppContext) {}

  async start(input: { projectId: number; body: SyncStartInput; actor: Actor; ipAddress?: string | null }): Promise<SyncLog> {
    const db = this.ctx.database.db;
    const [project] = await db.select({ isActive: projects.isActive }).from(projects).where(eq(projects.id, input.projectId));
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (!project.isActive) throw conflict(SYNC_MESSAGES.projectInactive);
    const row = await db.transaction((tx) => claimSyncSlot(tx, { ...input, trigger: 'manual' }));
    if (!row) throw conflict(SYNC_MESSAGES.alreadyRunning, 'SYNC_RUNNING');
    this.launch(row);
    return presentSyncLog({ ...row, startedByFullName: input.actor.fullName });
  }

  /** Runs a claimed job in the background; the caller has its answer already. */
  launch(row: SyncLogRow): void {
    const controller = new AbortController();
    const progress = new JobProgress(this.ctx, row);
    const done = this.run(row, progress, controller)
      .catch((err: unknown) => this.ctx.log.error({ err, syncLogId: row.id }, 'sync job could not be closed'))
      .finally(() => this.jobs.delete(row.id));
    this.jobs.set(row.id, { controller, progress, done });
    this.ctx.realtime.emitToProject(row.projectId, SOCKET_EVENTS.syncProgress, progressOf(row));
  }

  /** Live figures of a job this instance runs (fresher than its row). */
  progress(logId: number): SyncProgress | null {
    return this.jobs.get(logId)?.progress.snapshot() ?? null;
  }

  /** Resolves when a job of this instance has ended and its row is closed (at once if unknown). */
  async settled(logId: number): Promise<void> {
    await this.jobs.get(logId)?.done;
  }

  runningIds(): number[] {
    return [...this.jobs.keys()];
  }

  /** Stops every job of this instance (shutdown): each ends 'failed' with a clear message. */
  async stopAll(): Promise<void> {
    const jobs = [...this.jobs.values()];
    jobs.forEach((j) => j.controller.abort(new StopReason(SYNC_MESSAGES.serverStopping)));
    await Promise.race([Promise.all(jobs.map((j) => j.done)), new Promise((resolve) => setTimeout(resolve, 8_000).unref())]);
  }

  private async run(row: SyncLogRow, progress: JobProgress, controller: AbortController): Promise<void> {
    const heartbeat = setInterval(() => {
      progress.beat().then(
        (alive) => alive || controller.abort(new StopReason(SYNC_MESSAGES.serverRestarted)),
        () => undefined,
      );
    }, heartbeatMs(this.ctx));
    heartbeat.unref();
    let failure: string | null = null;
    try {
      await runSync(this.ctx, { log: row, progress, signal: controller.signal });
      // A stop that came while the last batch was written still counts as a stop.
      controller.signal.throwIfAborted();
    } catch (err) {
      failure = this.failureMessage(err, controller.signal, row);
    } finally {
      clearInterval(heartbeat);
      progress.stop();
    }
    await this.finish(row, progress, failure);
  }

  private failureMessage(err: unknown, signal: AbortSignal, row: SyncLogRow): string {
    if (signal.aborted && signal.reason instanceof StopReason) return signal.reason.message;
    if (err instanceof SourceError) {
      // The message is ours and holds no secret; the driver's error object is not logged.
      this.ctx.log.warn({ syncLogId: row.id, projectId: row.projectId, code: err.code }, `sync failed: ${err.message}`);
      return err.message;
    }
    this.ctx.log.error({ err, syncLogId: row.id, projectId: row.projectId }, 'sync failed unexpectedly');
    return 'Senkronizasyon beklenmeyen bir hata nedeniyle durdu';
  }

  private async finish(row: SyncLogRow, progress: JobProgress, failure: string | null): Promise<void> {
    const status = failure ? 'failed' : progress.rowsFailed > 0 ? 'partial' : 'success';
    const errorMessage = failure ?? (progress.rowsFailed > 0 ? `${progress.rowsFailed} satır içe aktarılamadı` : null);
    const db = this.ctx.database.db;
    const ended = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(syncLogs)
        .set({
          status,
          errorMessage,
          finishedAt: sql`now()`,
          heartbeatAt: sql`now()`,
          rowsTotal: progress.rowsTotal,
          rowsRead: progress.rowsRead,
          rowsWritten: progress.rowsWritten,
          rowsFailed: progress.rowsFailed,
          errors: progress.errors,
        })
        // Another instance may have closed it already (judged dead): its word stands.
        .where(and(eq(syncLogs.id, row.id), eq(syncLogs.status, 'running')))
        .returning();
      if (!updated) return null;
      if (status !== 'failed') await tx.update(projects).set({ lastSyncAt: updated.finishedAt }).where(eq(projects.id, row.projectId));
      const [starter] = row.startedByUserId
        ? await tx.select({ username: users.username }).from(users).where(eq(users.id, row.startedByUserId))
        : [];
      await writeAudit(tx, {
        actor: { id: row.startedByUserId, username: row.trigger === 'schedule' ? SYNC_MESSAGES.scheduleName : (starter?.username ?? null) },
        action: status === 'failed' ? 'SYNC_FAILED' : 'SYNC_FINISHED',
        resourceId: row.id,
        projectId: row.projectId,
        details: {
          syncType: row.syncType,
          status,
          errorMessage,
          rowsTotal: progress.rowsTotal,
          rowsRead: progress.rowsRead,
          rowsWritten: progress.rowsWritten,
          rowsFailed: progress.rowsFailed,
        },
      });
      if (status !== 'success') await notifySyncEnded(this.ctx, tx, row, status, errorMessage);
      return updated;
    });
    if (!ended) return;
    const [presented] = await selectSyncLogs(db).where(eq(syncLogs.id, row.id));
    this.ctx.realtime.emitToProject(row.projectId, SOCKET_EVENTS.syncFinished, presentSyncLog(presented ?? ended));
  }
}


/** The app's one SyncRunner (routes, the scheduler and shutdown share its jobs), made on first use. */
export const syncRunnerOf = perContext((ctx) => new SyncRunner(ctx));
