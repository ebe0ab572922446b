import { sql } from 'drizzle-orm';
import type { RequestStatus } from '@common/enums';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../audit/write-audit';
import type { ImportedRequest } from './external-contract';
import { sqlArray } from './sql-arrays';

export const SYNC_ACTOR_NAME = 'Bridge Sync';

export interface CreatedRequest {
  id: number;
  externalId: string;
  status: RequestStatus;
}

/**
 * Creates the batch's new requests inside the caller's transaction: rows, 'created' events and
 * one audit row, all or nothing; `publish()` sends the socket events once the caller has
 * committed. A row whose external id appeared meanwhile is skipped, never duplicated.
 * This is the one place where imported requests are created, so it can hand them to the bonus
 * module's creation service.
 */
export async function importRequestBatch(
  tx: DbOrTx,
  ctx: AppContext,
  input: { projectId: number; items: ImportedRequest[] },
): Promise<{ created: CreatedRequest[]; publish: () => void }> {
  if (input.items.length === 0) return { created: [], publish: () => undefined };
  const items = input.items;
  // One statement: the rows, and a 'created' event for each row actually inserted.
  const result = await tx.execute(sql`
    with inserted as (
      insert into bonus_requests (project_id, external_id, customer_id, customer_username, customer_name, bonus_type, amount,
        description, priority, status, source, external_updated_at, created_at, updated_at, completed_at)
      select ${input.projectId}, u.external_id, u.customer_id, u.customer_username, u.customer_name, u.bonus_type, u.amount,
        u.description, u.priority, u.status, 'sync', u.external_updated_at, u.created_at, now(),
        case when u.status = 'completed' then now() end
      from unnest(
        ${sqlArray(items.map((r) => r.externalId), 'text')}, ${sqlArray(items.map((r) => r.customerId), 'text')},
        ${sqlArray(items.map((r) => r.customerUsername), 'text')}, ${sqlArray(items.map((r) => r.customerName), 'text')},
        ${sqlArray(items.map((r) => r.bonusType), 'text')}, ${sqlArray(items.map((r) => r.amount), 'numeric')},
        ${sqlArray(items.map((r) => r.description), 'text')}, ${sqlArray(items.map((r) => r.priority), 'smallint')},
        ${sqlArray(items.map((r) => r.status.initial), 'text')}, ${sqlArray(items.map((r) => r.externalUpdatedAt), 'timestamptz')},
        ${sqlArray(items.map((r) => r.createdAt), 'timestamptz')}
      ) as u(external_id, customer_id, customer_username, customer_name, bonus_type, amount, description, priority, status,
        external_updated_at, created_at)
      on conflict (project_id, external_id) where external_id is not null do nothing
      returning id, external_id, status
    ),
    events as (
      insert into bonus_request_events (request_id, project_id, type, actor_user_id, actor_name, from_status, to_status, details)
      select id, ${input.projectId}, 'created', null, ${SYNC_ACTOR_NAME}, null, status, '{"source":"sync"}'::jsonb from inserted
    )
    select id, external_id, status from inserted`);
  const created = (result as unknown as { rows: { id: number; external_id: string; status: RequestStatus }[] }).rows.map((r) => ({
    id: Number(r.id),
    externalId: r.external_id,
    status: r.status,
  }));
  if (created.length === 0) return { created, publish: () => undefined };

  // A batch is one change: one audit row naming what it created.
  await writeAudit(tx, {
    actor: { id: null, username: SYNC_ACTOR_NAME },
    action: 'CREATE_BONUS_REQUEST',
    resource: 'bonus_request',
    severity: 'low',
    category: 'data',
    projectId: input.projectId,
    details: { source: 'sync', count: created.length, externalIds: created.slice(0, 200).map((c) => c.externalId) },
  });
  return {
    created,
    publish: () => {
      for (const c of created) {
        ctx.realtime.emitToProject(input.projectId, SOCKET_EVENTS.requestCreated, { id: c.id, projectId: input.projectId, externalId: c.externalId, status: c.status, source: 'sync' });
      }
    },
  };
}
