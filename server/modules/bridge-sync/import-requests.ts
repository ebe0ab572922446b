import { and, eq } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@common/constants';
import type { SyncRowError } from '@common/schemas/bridge-sync';
import type { AppContext } from '../../context';
import { projectSettings, syncWatermarks } from '../../db/schema';
import type { RequestCursor, RequestFilter, SourceConnection, Page } from './connectors/source-types';
import { checkRequestRow, type ExternalRequestRow, type ImportedRequest } from './external-contract';
import type { JobProgress } from './job-progress';
import type { SyncLogRow } from './present-sync-log';
import { writeRequestBatch } from './write-request-batch';
import { startOfDayIn } from './zoned-day';

/** Rows per read and per write transaction. */
export const REQUEST_BATCH_SIZE = 5_000;
/**
 * An incremental run re-reads this far behind the watermark: a row committed late in the source
 * with an older updated_at is still seen. Re-read rows that did not change write nothing.
 */
export const WATERMARK_OVERLAP_MS = 60_000;

async function filterFor(ctx: AppContext, log: SyncLogRow): Promise<RequestFilter> {
  const db = ctx.database.db;
  if (log.syncType === 'custom') {
    const [settings] = await db.select({ timezone: projectSettings.timezone }).from(projectSettings).where(eq(projectSettings.projectId, log.projectId));
    const timeZone = settings?.timezone ?? SETTINGS_DEFAULTS.timezone;
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

  let page: Page<ExternalRequestRow, RequestCursor> = await source.readRequests(filter, null, REQUEST_BATCH_SIZE);
  while (page.rows.length > 0) {
    signal.throwIfAborted();
    const nextRead = page.next ? source.readRequests(filter, page.next, REQUEST_BATCH_SIZE) : null;
    // If the write fails, the read in flight must not become an unhandled rejection.
    nextRead?.catch(() => undefined);
    const { good, failed } = checkPage(page.rows);
    const newest = page.rows.reduce<Date | null>((max, r) => (r.updatedAt && (!max || r.updatedAt > max) ? r.updatedAt : max), null);
    const written = good.length || (moveWatermark && newest) ? await writeRequestBatch(ctx, { projectId: log.projectId, rows: good, watermark: moveWatermark ? newest : null }) : 0;
    progress.add({ read: page.rows.length, written, failed });
    page = nextRead ? await nextRead : { rows: [], next: null };
  }
}
