import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { syncLogs } from '../../db/schema';
import { loadPresentedRequests } from '../bonus';

export interface DueDelivery {
  id: number;
  eventId: string;
  eventType: string;
  projectId: number;
  requestId: number | null;
  syncLogId: number | null;
  occurredAt: Date;
  payload: string | null;
}

/**
 * The bodies of deliveries sent for the first time: the event's id, type and time, and what it is
 * about as the API presents it (the request; the sync run). Read once, at the first attempt, and
 * kept: a retry sends the same bytes.
 */
export async function buildPayloads(ctx: AppContext, deliveries: DueDelivery[]): Promise<Map<number, string>> {
  const fresh = deliveries.filter((d) => d.payload === null);
  const requestIds = [...new Set(fresh.flatMap((d) => (d.requestId === null ? [] : [d.requestId])))];
  const syncIds = [...new Set(fresh.flatMap((d) => (d.syncLogId === null ? [] : [d.syncLogId])))];
  const requests = new Map((requestIds.length ? await loadPresentedRequests(ctx.database.db, requestIds) : []).map((r) => [r.id, r]));
  const syncs = new Map(
    (syncIds.length
      ? await ctx.database.db
          .select({
            id: syncLogs.id,
            syncType: syncLogs.syncType,
            status: syncLogs.status,
            startedAt: syncLogs.startedAt,
            finishedAt: syncLogs.finishedAt,
            rowsRead: syncLogs.rowsRead,
            rowsWritten: syncLogs.rowsWritten,
            rowsFailed: syncLogs.rowsFailed,
            errorMessage: syncLogs.errorMessage,
          })
          .from(syncLogs)
          .where(inArray(syncLogs.id, syncIds))
      : []
    ).map((s) => [s.id, { ...s, startedAt: s.startedAt.toISOString(), finishedAt: s.finishedAt?.toISOString() ?? null }]),
  );
  const bodies = new Map<number, string>();
  for (const d of deliveries) {
    if (d.payload !== null) {
      bodies.set(d.id, d.payload);
      continue;
    }
    const data =
      d.requestId !== null ? { request: requests.get(d.requestId) ?? null } : d.syncLogId !== null ? { sync: syncs.get(d.syncLogId) ?? null } : { test: true };
    bodies.set(d.id, JSON.stringify({ id: d.eventId, type: d.eventType, occurredAt: d.occurredAt.toISOString(), projectId: d.projectId, data }));
  }
  return bodies;
}
