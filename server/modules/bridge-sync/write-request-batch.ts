import { sql } from 'drizzle-orm';
import type { RequestStatus } from '@common/enums';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { ImportedRequest } from './external-contract';
import { importRequestBatch, SYNC_ACTOR_NAME } from './import-request-batch';
import { sqlArray } from './sql-arrays';

type Rows<T> = { rows: T[] };

interface UpdatedRequest {
  id: number;
  externalId: string;
  fromStatus: RequestStatus;
  toStatus: RequestStatus;
}

/** The timeline event of a status the project's system closed: completed, cancelled or failed. */
const CLOSING_EVENT: Partial<Record<RequestStatus, string>> = { completed: 'completed', cancelled: 'cancelled', error: 'failed' };

/**
 * Applies the source's rows to requests we already have, in one statement. A row changes only
 * when something differs (so an unchanged re-run writes nothing); a closed external status
 * (approved, rejected, …) closes ours, but a request we completed keeps its status.
 */
async function updateExistingRequests(tx: DbOrTx, projectId: number, items: ImportedRequest[]): Promise<UpdatedRequest[]> {
  if (items.length === 0) return [];
  const result = await tx.execute(sql`
    with incoming as (
      select * from unnest(
        ${sqlArray(items.map((r) => r.externalId), 'text')}, ${sqlArray(items.map((r) => r.customerId), 'text')},
        ${sqlArray(items.map((r) => r.customerUsername), 'text')}, ${sqlArray(items.map((r) => r.customerName), 'text')},
        ${sqlArray(items.map((r) => r.bonusType), 'text')}, ${sqlArray(items.map((r) => r.amount), 'numeric')},
        ${sqlArray(items.map((r) => r.description), 'text')}, ${sqlArray(items.map((r) => r.priority), 'smallint')},
        ${sqlArray(items.map((r) => r.status.closedAs), 'text')}, ${sqlArray(items.map((r) => r.externalUpdatedAt), 'timestamptz')}
      ) as u(external_id, customer_id, customer_username, customer_name, bonus_type, amount, description, priority, closed_as,
        external_updated_at)
    ),
    prev as (
      select b.id, b.status as prev_status, u.*
      from bonus_requests b join incoming u on b.project_id = ${projectId} and b.external_id = u.external_id
    )
    update bonus_requests b set
      customer_id = p.customer_id,
      customer_username = p.customer_username,
      customer_name = p.customer_name,
      bonus_type = p.bonus_type,
      amount = p.amount,
      description = p.description,
      priority = p.priority,
      status = case when b.status <> 'completed' and p.closed_as is not null then p.closed_as else b.status end,
      completed_at = case when b.status <> 'completed' and p.closed_as = 'completed' then now() else b.completed_at end,
      external_updated_at = p.external_updated_at,
      version = b.version + 1,
      updated_at = now()
    from prev p
    where b.id = p.id and (
      (b.customer_id, b.customer_username, b.customer_name, b.bonus_type, b.amount, b.description, b.priority, b.external_updated_at)
        is distinct from
      (p.customer_id, p.customer_username, p.customer_name, p.bonus_type, p.amount, p.description, p.priority, p.external_updated_at)
      or (b.status <> 'completed' and p.closed_as is not null and b.status <> p.closed_as)
    )
    returning b.id, b.external_id, p.prev_status, b.status`);
  return (result as unknown as Rows<{ id: number; external_id: string; prev_status: RequestStatus; status: RequestStatus }>).rows.map((r) => ({
    id: Number(r.id),
    externalId: r.external_id,
    fromStatus: r.prev_status,
    toStatus: r.status,
  }));
}

async function recordStatusEvents(tx: DbOrTx, projectId: number, updated: UpdatedRequest[]): Promise<void> {
  const closed = updated.filter((u) => u.fromStatus !== u.toStatus);
  if (closed.length === 0) return;
  await tx.execute(sql`
    insert into bonus_request_events (request_id, project_id, type, actor_user_id, actor_name, from_status, to_status, reason, details)
    select u.id, ${projectId}, u.type, null, ${SYNC_ACTOR_NAME}, u.from_status, u.to_status, 'external_status', '{"source":"sync"}'::jsonb
    from unnest(${sqlArray(
      closed.map((c) => c.id),
      'int',
    )}, ${sqlArray(
      closed.map((c) => CLOSING_EVENT[c.toStatus] ?? 'cancelled'),
      'text',
    )}, ${sqlArray(
      closed.map((c) => c.fromStatus),
      'text',
    )}, ${sqlArray(
      closed.map((c) => c.toStatus),
      'text',
    )}) as u(id, type, from_status, to_status)`);
}

/** Moves the project's bonus watermark forward (never back) to the newest updated_at written. */
async function advanceWatermark(tx: DbOrTx, projectId: number, watermark: Date): Promise<void> {
  await tx.execute(sql`
    insert into sync_watermarks (project_id, sync_type, watermark, updated_at) values (${projectId}, 'bonus', ${watermark.toISOString()}::timestamptz, now())
    on conflict (project_id, sync_type) do update
      set watermark = greatest(sync_watermarks.watermark, excluded.watermark), updated_at = now()`);
}

/**
 * Writes one batch in one transaction: new requests through the creation path, changed ones
 * updated, the watermark advanced with them (a crash never leaves it ahead of what was written).
 * Returns how many requests were created or changed.
 */
export async function writeRequestBatch(
  ctx: AppContext,
  input: { projectId: number; rows: ImportedRequest[]; watermark: Date | null },
): Promise<number> {
  const { written, publish } = await ctx.database.db.transaction(async (tx) => {
    const ids = input.rows.map((r) => r.externalId);
    const existing = await tx.execute(
      sql`select external_id from bonus_requests where project_id = ${input.projectId} and external_id = any(${sqlArray(ids, 'text')})`,
    );
    const known = new Set((existing as unknown as Rows<{ external_id: string }>).rows.map((r) => r.external_id));
    const { created, publish: publishCreated } = await importRequestBatch(tx, ctx, {
      projectId: input.projectId,
      items: input.rows.filter((r) => !known.has(r.externalId)),
    });
    const updated = await updateExistingRequests(
      tx,
      input.projectId,
      input.rows.filter((r) => known.has(r.externalId)),
    );
    await recordStatusEvents(tx, input.projectId, updated);
    if (input.watermark) await advanceWatermark(tx, input.projectId, input.watermark);
    return {
      written: created.length + updated.length,
      publish: () => {
        publishCreated();
        for (const u of updated) {
          const event = u.toStatus === 'completed' && u.fromStatus !== 'completed' ? SOCKET_EVENTS.requestCompleted : SOCKET_EVENTS.requestUpdated;
          ctx.realtime.emitToProject(input.projectId, event, { id: u.id, projectId: input.projectId, externalId: u.externalId, status: u.toStatus, source: 'sync' });
        }
      },
    };
  });
  publish();
  return written;
}
