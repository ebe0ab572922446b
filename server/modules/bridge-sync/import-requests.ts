import { and, eq } from 'drizzle-orm';
import type { SyncRowError } from '@common/schemas/bridge-sync';
import type { AppContext } from '../../context';
import { syncWatermarks } from '../../db/schema';
import { readProjectTimeZone } from '../settings';
import type { RequestCursor, RequestFilter, SourceConnection, Page } from './connectors/source-types';
import { checkRequestRow, type ExternalRequestRow, type ImportedRequest } from './external-contract';
import type { JobProgress } from './job-progress';
import type { SyncLogRow } from './present-sync-log';
import { advanceWatermark, writeRequestBatch } from './write-request-batch';
import { startOfDayIn } from '@common/time-zone';

/** Rows per read and per write transaction. */
export const REQUEST_BATCH_SIZE = 5_000;
/** Batch transactions in flight at once on PostgreSQL. */
const WRITE_CONCURRENCY = 2;
/**
 * An incremental run re-reads this far behind the watermark: a row committed late in the source
 * with an older updated_at is still seen. Re-read rows that did not change write nothing.
 */
export const WATERMARK_OVERLAP_MS = 60_000;

async function filterFor(ctx: AppContext, log: SyncLogRow): Promise<RequestFilter> {
  const db = ctx.database.db;
  if (log.syncType === 'custom') {
    const timeZone = await readProjectTimeZone(db, log.projectId);
    // The range is whole days of the project's time zone, both ends included.
    return { createdFrom: startOfDayIn(log.dateFrom!, timeZone), createdBefore: startOfDayIn(log.dateTo!, timeZone, 1) };
  }
  if (log.forceFullSync) return {};
  const [mark] = await db
    .select({ watermark: syncWatermarks.watermark })
    .from(syncWatermarks)
    .where(and(eq(syncWatermarks.projectId, log.projectId), eq(syncWatermarks.syncType, 'bonus')));
  return mark?.watermark ? { updatedSince: new Date(mark.watermark.getTime() - WATERMARK_OVERLAP_MS) } : {};
}

/** Checks a page: good rows (the last one per external id wins), and the errors of the bad ones. */
function checkPage(rows: ExternalRequestRow[]): { good: ImportedRequest[]; failed: SyncRowError[] } {
  const byId = new Map<string, ImportedRequest>();
  const failed: SyncRowError[] = [];
  for (const row of rows) {
    const checked = checkRequestRow(row);
    if (checked.ok) byId.set(checked.value.externalId, checked.value);
    else failed.push({ externalId: checked.externalId, message: checked.message });
  }
  return { good: [...byId.values()], failed };
}

/**
 * The 'bonus' and 'custom' sync types: reads the source page by page in (updated_at, external_id)
 * order and writes each page in its own transaction, reading the next page meanwhile.
 */
export async function importRequests(
  ctx: AppContext,
  job: { log: SyncLogRow; source: SourceConnection; progress: JobProgress; signal: AbortSignal },
): Promise<void> {
  const { log, source, progress, signal } = job;
  const filter = await filterFor(ctx, log);
  progress.setTotal(await source.countRequests(filter));
  const moveWatermark = log.syncType === 'bonus';
  // A first import (no watermark, not forced) is all new rows: insert first (see writeRequestBatch).
  let insertFirst = moveWatermark && !log.forceFullSync && !filter.updatedSince;

  const writes = new WritePipeline(ctx.database.kind === 'postgres' ? WRITE_CONCURRENCY : 1, (newest) =>
    advanceWatermark(ctx.database.db, log.projectId, newest),
  );
  try {
    let page: Page<ExternalRequestRow, RequestCursor> = await source.readRequests(filter, null, REQUEST_BATCH_SIZE);
    while (page.rows.length > 0) {
      signal.throwIfAborted();
      const nextRead = page.next ? source.readRequests(filter, page.next, REQUEST_BATCH_SIZE) : null;
      // If a write fails, the read in flight must not become an unhandled rejection.
      nextRead?.catch(() => undefined);
      const { good, failed } = checkPage(page.rows);
      const read = page.rows.length;
      const newest = moveWatermark ? page.rows.reduce<Date | null>((max, r) => (r.updatedAt && (!max || r.updatedAt > max) ? r.updatedAt : max), null) : null;
      const write = (good.length ? writeRequestBatch(ctx, { projectId: log.projectId, rows: good, insertFirst }) : Promise.resolve({ written: 0, stored: 0 })).then(
        ({ written, stored }) => {
          // The next batch is written the way the last one's rows were: mostly new, or mostly stored.
          if (good.length > 0) insertFirst = stored * 2 < good.length;
          progress.add({ read, written, failed });
        },
      );
      await writes.push(write, newest);
      page = nextRead ? await nextRead : { rows: [], next: null };
    }
    await writes.drain();
  } catch (err) {
    await writes.abandon();
    throw err;
  }
}

/**
 * Batch writes, up to `limit` at once (PostgreSQL has the cores for two; PGlite is one
 * connection). The watermark follows only a prefix of committed batches, so a crash never leaves
 * it ahead of a batch that was not written; at worst it is behind and rows are read again.
 */
class WritePipeline {
  private queue: { done: Promise<void>; newest: Date | null }[] = [];

  constructor(
    private readonly limit: number,
    private readonly committedInOrder: (newest: Date) => Promise<void>,
  ) {}

  async push(done: Promise<void>, newest: Date | null): Promise<void> {
    done.catch(() => undefined);
    this.queue.push({ done, newest });
    while (this.queue.length >= this.limit) await this.settleFirst();
  }

  async drain(): Promise<void> {
    while (this.queue.length) await this.settleFirst();
  }

  /** After a failure: lets the writes in flight end before the job reports it. */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.queue.map((q) => q.done));
    this.queue = [];
  }

  private async settleFirst(): Promise<void> {
    const first = this.queue[0]!;
    await first.done;
    this.queue.shift();
    if (first.newest) await this.committedInOrder(first.newest);
  }
}
