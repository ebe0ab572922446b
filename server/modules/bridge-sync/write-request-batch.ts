import { and, eq, sql } from 'drizzle-orm';
import type { RequestStatus } from '@common/enums';
import type { RequestEventType } from '@common/schemas/bonus';
import { canTransition } from '@common/request-transitions';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bonusRequests } from '../../db/schema';
import type { ImportedRequest } from './external-contract';
import { moveRequests, PendingRequestChanges, publishRequestChanges } from '../bonus';
import { importRequestBatch, SYNC_ACTOR } from './import-request-batch';
import { sqlArray } from '../../db/sql-arrays';

type Rows<T> = { rows: T[] };

/** The timeline event of a status the project's system closed: completed, cancelled or failed. */
const CLOSING_EVENT: Partial<Record<RequestStatus, RequestEventType>> = { completed: 'completed', cancelled: 'cancelled', error: 'failed' };


/** What we hold of a request the source also has: the fields the source may change. */
type StoredRequest = Pick<
  typeof bonusRequests.$inferSelect,
  'id' | 'externalId' | 'status' | 'customerId' | 'customerUsername' | 'customerName' | 'bonusType' | 'amount' | 'description' | 'priority' | 'externalUpdatedAt'
>;

/** The status a closed external row moves our request to, or null to keep ours (never a completed one). */
function closingStatus(stored: RequestStatus, incoming: ImportedRequest): RequestStatus | null {
  const closedAs = incoming.status.closedAs;
  return closedAs && stored !== closedAs && canTransition('external_close', stored, closedAs) ? closedAs : null;
}

/** True when the source's row would change what we hold: an unchanged row is not written at all. */
export function differs(stored: StoredRequest, incoming: ImportedRequest): boolean {
  return (
    stored.customerId !== incoming.customerId ||
    stored.customerUsername !== incoming.customerUsername ||
    stored.customerName !== incoming.customerName ||
    stored.bonusType !== incoming.bonusType ||
    stored.amount !== incoming.amount ||
    stored.description !== incoming.description ||
    stored.priority !== incoming.priority ||
    stored.externalUpdatedAt?.getTime() !== incoming.externalUpdatedAt.getTime() ||
    closingStatus(stored.status, incoming) !== null
  );
}

async function loadStored(tx: DbOrTx, projectId: number, externalIds: string[]): Promise<Map<string, StoredRequest>> {
  const rows = await tx
    .select({
      id: bonusRequests.id,
      externalId: bonusRequests.externalId,
      status: bonusRequests.status,
      customerId: bonusRequests.customerId,
      customerUsername: bonusRequests.customerUsername,
      customerName: bonusRequests.customerName,
      bonusType: bonusRequests.bonusType,
      amount: bonusRequests.amount,
      description: bonusRequests.description,
      priority: bonusRequests.priority,
      externalUpdatedAt: bonusRequests.externalUpdatedAt,
    })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.projectId, projectId), sql`${bonusRequests.externalId} = any(${sqlArray(externalIds, 'text')})`));
  return new Map(rows.map((r) => [r.externalId!, r]));
}

/**
 * Applies changed source rows' fields to the requests we hold, by id, in one statement; their
 * status is the move operation's (see closeRequests).
 */
async function updateChangedRequests(tx: DbOrTx, changed: { stored: StoredRequest; incoming: ImportedRequest }[]): Promise<number[]> {
  if (changed.length === 0) return [];
  const items = changed.map((c) => c.incoming);
  const result = await tx.execute(sql`
    update bonus_requests b set
      customer_id = u.customer_id,
      customer_username = u.customer_username,
      customer_name = u.customer_name,
      bonus_type = u.bonus_type,
      amount = u.amount,
      description = u.description,
      priority = u.priority,
      external_updated_at = u.external_updated_at,
      version = b.version + 1,
      updated_at = now()
    from unnest(
      ${sqlArray(changed.map((c) => c.stored.id), 'int')},
      ${sqlArray(items.map((r) => r.customerId), 'text')}, ${sqlArray(items.map((r) => r.customerUsername), 'text')},
      ${sqlArray(items.map((r) => r.customerName), 'text')}, ${sqlArray(items.map((r) => r.bonusType), 'text')},
      ${sqlArray(items.map((r) => r.amount), 'numeric')}, ${sqlArray(items.map((r) => r.description), 'text')},
      ${sqlArray(items.map((r) => r.priority), 'smallint')}, ${sqlArray(items.map((r) => r.externalUpdatedAt), 'timestamptz')}
    ) as u(id, customer_id, customer_username, customer_name, bonus_type, amount, description, priority, external_updated_at)
    where b.id = u.id
    returning b.id`);
  return (result as unknown as Rows<{ id: number }>).rows.map((r) => Number(r.id));
}

/**
 * Closes ours where the project's system closed its request (approved, rejected, …), through the
 * move operation: decided on each row as it is at that moment (a request completed meanwhile
 * stays completed); an open external status never moves ours.
 */
function closeRequests(tx: DbOrTx, projectId: number, now: Date, changed: { stored: StoredRequest; incoming: ImportedRequest }[], changes: PendingRequestChanges) {
  const rows = changed.flatMap(({ stored, incoming }) => {
    const to = closingStatus(stored.status, incoming);
    return to ? [{ id: stored.id, to, details: { source: 'sync' } }] : [];
  });
  return moveRequests(tx, 'external_close', {
    projectId,
    now,
    actor: SYNC_ACTOR,
    rows,
    event: { type: (m) => CLOSING_EVENT[m.toStatus] ?? 'cancelled', reason: () => 'external_status' },
    socket: (m) => (m.toStatus === 'completed' ? SOCKET_EVENTS.requestCompleted : SOCKET_EVENTS.requestUpdated),
    changes,
  });
}

/** Moves the project's bonus watermark forward (never back) to the newest updated_at written. */
export async function advanceWatermark(tx: DbOrTx, projectId: number, watermark: Date): Promise<void> {
  await tx.execute(sql`
    insert into sync_watermarks (project_id, sync_type, watermark, updated_at) values (${projectId}, 'bonus', ${watermark.toISOString()}::timestamptz, now())
    on conflict (project_id, sync_type) do update
      set watermark = greatest(sync_watermarks.watermark, excluded.watermark), updated_at = now()`);
}

/** Creates the batch's new requests and loads the stored ones, in the order `insertFirst` asks for. */
async function createAndLoad(tx: DbOrTx, ctx: AppContext, input: { projectId: number; rows: ImportedRequest[]; insertFirst: boolean }) {
  const ids = (rows: ImportedRequest[]) => rows.map((r) => r.externalId);
  if (input.insertFirst) {
    // Every row goes to the creation path, whose insert skips an external id already stored; only
    // the skipped ones are loaded. The unique index is then probed once per row, not twice.
    const creation = await importRequestBatch(tx, ctx, { projectId: input.projectId, items: input.rows });
    const created = new Set(creation.created.map((c) => c.externalId));
    const skipped = input.rows.filter((r) => !created.has(r.externalId));
    return { ...creation, stored: skipped.length > 0 ? await loadStored(tx, input.projectId, ids(skipped)) : new Map<string, StoredRequest>() };
  }
  const stored = await loadStored(tx, input.projectId, ids(input.rows));
  const creation = await importRequestBatch(tx, ctx, { projectId: input.projectId, items: input.rows.filter((r) => !stored.has(r.externalId)) });
  return { ...creation, stored };
}

/**
 * Writes one batch in one transaction: new requests through the creation path, changed ones
 * updated, unchanged ones not touched. Answers how many requests were created or changed, and
 * how many the batch found already stored.
 *
 * `insertFirst` suits a batch of mostly new rows (a first import): the rows are inserted and
 * only those the insert skipped are loaded and compared. Otherwise (a re-run, whose rows are
 * mostly stored) the stored rows are loaded first and only the new ones are sent to be created.
 * Both write the same.
 */
export async function writeRequestBatch(
  ctx: AppContext,
  input: { projectId: number; rows: ImportedRequest[]; insertFirst?: boolean },
): Promise<{ written: number; stored: number }> {
  const { written, stored: storedCount, publish } = await ctx.database.db.transaction(async (tx) => {
    const { created, stored, publish: publishCreated } = await createAndLoad(tx, ctx, { ...input, insertFirst: input.insertFirst ?? false });
    const changed = input.rows.flatMap((incoming) => {
      const row = stored.get(incoming.externalId);
      return row && differs(row, incoming) ? [{ stored: row, incoming }] : [];
    });
    const updated = await updateChangedRequests(tx, changed);
    // Changed requests reach the project's room as the bonus module presents them, after the commit.
    const changes = new PendingRequestChanges(input.projectId);
    const { moved } = await closeRequests(tx, input.projectId, ctx.clock.now(), changed, changes);
    const closed = new Set(moved.map((m) => m.id));
    for (const id of updated) if (!closed.has(id)) changes.add(SOCKET_EVENTS.requestUpdated, id);
    const presented = await changes.present(tx);
    return {
      written: created.length + updated.length,
      stored: stored.size,
      publish: () => {
        publishCreated();
        publishRequestChanges(ctx, presented);
      },
    };
  });
  publish();
  return { written, stored: storedCount };
}
