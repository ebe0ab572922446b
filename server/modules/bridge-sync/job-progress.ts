import { and, eq, sql } from 'drizzle-orm';
import type { SyncProgress, SyncRowError } from '@common/schemas/bridge-sync';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import { syncLogs } from '../../db/schema';
import type { SyncLogRow } from './present-sync-log';

/** The first row errors kept in the log; the count says how many there were in all. */
export const MAX_LOGGED_ROW_ERRORS = 20;
/** Progress reaches the project's room at most this often. */
const EMIT_EVERY_MS = 250;

/**
 * The counts of one running job: sent to the project's socket room (throttled) and written to
 * its log row with the heartbeat, so any instance can show them and tell a live job from a dead one.
 */
export class JobProgress {
  rowsTotal: number | null = null;
  rowsRead = 0;
  rowsWritten = 0;
  rowsFailed = 0;
  readonly errors: SyncRowError[] = [];
  private emitTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: SyncLogRow,
  ) {}

  setTotal(total: number): void {
    this.rowsTotal = total;
    this.scheduleEmit();
  }

  add(counts: { read?: number; written?: number; failed?: SyncRowError[] }): void {
    this.rowsRead += counts.read ?? 0;
    this.rowsWritten += counts.written ?? 0;
    for (const error of counts.failed ?? []) {
      this.rowsFailed += 1;
      if (this.errors.length < MAX_LOGGED_ROW_ERRORS) this.errors.push(error);
    }
    this.scheduleEmit();
  }

  snapshot(): SyncProgress {
    return {
      logId: this.log.id,
      projectId: this.log.projectId,
      syncType: this.log.syncType,
      status: 'running',
      startedAt: this.log.startedAt.toISOString(),
      rowsTotal: this.rowsTotal,
      rowsRead: this.rowsRead,
      rowsWritten: this.rowsWritten,
      rowsFailed: this.rowsFailed,
    };
  }

  private scheduleEmit(): void {
    if (this.emitTimer) return;
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.ctx.realtime.emitToProject(this.log.projectId, SOCKET_EVENTS.syncProgress, this.snapshot());
    }, EMIT_EVERY_MS);
    this.emitTimer.unref();
  }

  /** Stops pending emits (the job is ending; 'sync-finished' follows). */
  stop(): void {
    if (this.emitTimer) clearTimeout(this.emitTimer);
    this.emitTimer = null;
  }

  /**
   * Writes the counts and the heartbeat. Returns false when the row is no longer running:
   * another instance judged this job dead and closed it, so the job must stop.
   */
  async beat(): Promise<boolean> {
    const updated = await this.ctx.database.db
      .update(syncLogs)
      .set({
        heartbeatAt: sql`now()`,
        rowsTotal: this.rowsTotal,
        rowsRead: this.rowsRead,
        rowsWritten: this.rowsWritten,
        rowsFailed: this.rowsFailed,
      })
      .where(and(eq(syncLogs.id, this.log.id), eq(syncLogs.status, 'running')))
      .returning({ id: syncLogs.id });
    return updated.length > 0;
  }
}
