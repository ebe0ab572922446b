import { storedPriority } from '@common/priority';
import { sql } from 'drizzle-orm';
import { entryStatus } from '@common/request-transitions';
import type { BonusType, CustomerSegment, RequestStatus } from '@common/enums';
import { BONUS_MESSAGES, type BonusRequest, type CreateRequestInput, type RequestSource, type ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { Actor, ActorContext } from '../../policies/actor';
import type { DbOrTx } from '../../db/client';
import { customerKey } from '../../db/schema';
import { epochMs, fromEpochMs } from '../../db/bulk-json';
import { AppError } from '../../lib/errors';
import type { RequestActorRef } from '../../policies/request-policy';
import { readDeskSettings } from './desk-settings';
import { auditRequestChange, createdEventsInsert, PendingRequestChanges, publishRequestChanges } from './request-changes';

/** One request to create, from the manual form or from a project's own system (sync). */
export interface NewRequest {
  externalId?: string | null;
  customerId?: string | null;
  customerUsername?: string | null;
  customerName?: string | null;
  bonusType?: BonusType;
  customerSegment?: CustomerSegment | null;
  /** Exact decimal string. */
  amount?: string;
  description?: string | null;
  /** 1–10 (the manual form offers 1–5). */
  priority?: number;
  /** Imported rows keep their status; manual ones start as new. */
  status?: RequestStatus;
  externalUpdatedAt?: Date | null;
  createdAt?: Date;
}

/** A created row as the insert returned it. */
export interface CreatedRequest {
  id: number;
  status: RequestStatus;
  externalId: string | null;
}

export interface CreateRequestsInput {
  projectId: number;
  source: RequestSource;
  actor: Actor;
  /** Where a person's change came from, for the audit row. */
  ipAddress?: string | null;
  items: NewRequest[];
  /** Whose abilities the created requests carry in `viewed` (the caller of the manual form). */
  viewer?: RequestActorRef;
}

/** A created request as stored, with its id: what routing decides on. */
export type CreatedRow = StoredRequest & { id: number };

/**
 * Routing as request creation needs it. The intake module, which composes creation and routing,
 * gives it (bonus does not import routing: routing moves requests through bonus).
 */
export interface CreationRouting {
  /** Whether the project routes: its new requests then wait as 'queued' for a rule, not 'new'. */
  routes(tx: DbOrTx, projectId: number): Promise<boolean>;
  /** Routes the requests just created, inside the creating transaction. */
  routeCreated(tx: DbOrTx, projectId: number, now: Date, created: CreatedRow[], changes: PendingRequestChanges): Promise<void>;
}

/**
 * Creates requests inside the caller's transaction: rows, 'created' events and audit, all or
 * nothing. A row whose external id already exists in the project is skipped (its creation is
 * not repeated). Call `publish()` after the transaction commits to send the socket events.
 */
export async function createRequestsInTransaction(
  tx: DbOrTx,
  ctx: AppContext,
  input: CreateRequestsInput,
  routing: CreationRouting,
): Promise<{ created: CreatedRequest[]; requests: BonusRequest[]; viewed: ViewedRequest[]; skipped: number; publish: () => void }> {
  const now = ctx.clock.now();
  const items = input.items;
  const routes = items.length > 0 && (await routing.routes(tx, input.projectId));
  const rows = items.map((item) => toStored(item, routes, now));
  const rowsJson = JSON.stringify(rows.map((r) => ({ ...r, externalUpdatedAt: epochMs(r.externalUpdatedAt), createdAt: r.createdAt.getTime() })));
  const externalUpdatedAt = fromEpochMs(sql.raw('u."externalUpdatedAt"'));
  // The requests and their 'created' timeline events in one statement: the events are written
  // from what the insert returns (no ids sent back and forth, no event rows built in Node), and
  // before the insert's statement triggers take the project's count rows, which a concurrent
  // batch of the same project waits for.
  const inserted = await tx.execute(sql`
    with ins as (
      insert into bonus_requests (project_id, external_id, customer_id, customer_username, customer_name, bonus_type, customer_segment, amount,
        description, priority, status, source, created_by_user_id, external_updated_at, created_at, updated_at, completed_at)
      select ${input.projectId}, u."externalId", u."customerId", u."customerUsername", u."customerName", u."bonusType", u."customerSegment", u.amount,
        u.description, u.priority, u.status, ${input.source}, ${input.actor.id}::int, ${externalUpdatedAt}, ${fromEpochMs(sql.raw('u."createdAt"'))},
        ${now.toISOString()}::timestamptz,
        -- A request that arrives already completed (sync) was completed when its source last changed it.
        case when u.status = 'completed' then coalesce(${externalUpdatedAt}, ${now.toISOString()}::timestamptz) end
      -- One statement whatever the batch size (a sync sends thousands): the rows are one JSON
      -- parameter (JSON.stringify is native; no literal is built per value; times as epoch
      -- milliseconds, see bulk-json.ts), read in their order.
      from rows from (json_to_recordset(${rowsJson}::json) as ("externalId" text, "customerId" text,
        "customerUsername" text, "customerName" text, "bonusType" text, "customerSegment" text, amount numeric, description text, priority smallint,
        status text, "externalUpdatedAt" bigint, "createdAt" bigint)) with ordinality as u
      order by u.ordinality
      on conflict (project_id, external_id) where external_id is not null do nothing
      returning id, status, external_id
    ),
    created_events as (
      ${createdEventsInsert(sql`select id, status from ins order by id`, { projectId: input.projectId, actor: input.actor, details: { source: input.source }, at: now })}
    )
    select id, status, external_id from ins`);
  const created: CreatedRequest[] = (inserted as unknown as { rows: { id: number; status: RequestStatus; external_id: string | null }[] }).rows
    .map((r) => ({ id: Number(r.id), status: r.status, externalId: r.external_id }))
    .sort((a, b) => a.id - b.id);
  const createdRows = withIds(rows, created);
  await flagPossibleDuplicates(tx, input.projectId, createdRows);
  const changes = new PendingRequestChanges(input.projectId);
  if (input.source === 'manual') {
    for (const r of created) {
      await auditRequestChange(tx, { actor: input.actor, ipAddress: input.ipAddress, action: 'CREATE_BONUS_REQUEST', projectId: input.projectId, requestId: r.id, details: { source: 'manual', externalId: r.externalId } });
    }
  } else if (created.length > 0) {
    // A sync batch is one change: one audit row naming what it created.
    await auditRequestChange(tx, {
      actor: input.actor,
      ipAddress: input.ipAddress,
      action: 'CREATE_BONUS_REQUEST',
      projectId: input.projectId,
      requestId: null,
      details: { source: input.source, count: created.length, externalIds: created.slice(0, 200).map((r) => r.externalId) },
    });
  }
  created.forEach((r) => changes.add(SOCKET_EVENTS.requestCreated, r.id));
  // Routing, in the creating transaction: a request is never seen waiting when a rule
  // has someone for it. The project's routing lock is taken only now, after the insert (whose
  // trigger already holds the project's 'assigned' count row and the waiting status's, 'queued'
  // where it routes, so the moves below lock nothing new: the order claims use),
  // so concurrent batches still insert side by side; undefined when the project has no active rule.
  if (routes && created.length > 0) await routing.routeCreated(tx, input.projectId, now, createdRows, changes);
  const presented = await changes.present(tx, input.viewer);
  return {
    created,
    // Presented only for a few (a bulk import is announced as one summary, see PendingRequestChanges).
    requests: presented.changes.map((c) => c.request),
    viewed: presented.viewed,
    skipped: input.items.length - created.length,
    publish: () => publishRequestChanges(ctx, presented),
  };
}

type StoredRequest = Required<Omit<NewRequest, 'createdAt'>> & { createdAt: Date };

/**
 * A new request with every default applied: what the insert stores. In a project that routes,
 * a new request waits as 'queued' unless a rule assigns it; where no rule is active it
 * stays 'new' for whoever claims it.
 */
function toStored(item: NewRequest, routes: boolean, now: Date): StoredRequest {
  return {
    externalId: item.externalId ?? null,
    customerId: item.customerId ?? null,
    customerUsername: item.customerUsername ?? null,
    customerName: item.customerName ?? null,
    bonusType: item.bonusType ?? 'other',
    customerSegment: item.customerSegment ?? null,
    amount: item.amount ?? '0',
    description: item.description ?? null,
    priority: item.priority ?? 3,
    status: entryStatus(item.status, routes),
    externalUpdatedAt: item.externalUpdatedAt ?? null,
    createdAt: item.createdAt ?? now,
  };
}

/**
 * The created requests as stored, with the ids the insert returned — matched by external id,
 * else in insert order (ids follow it; a row without an external id is never skipped).
 */
function withIds(rows: StoredRequest[], created: CreatedRequest[]): (StoredRequest & { id: number })[] {
  const byExternalId = new Map(rows.flatMap((r) => (r.externalId ? [[r.externalId, r] as const] : [])));
  const withoutExternalId = rows.filter((r) => !r.externalId);
  let next = 0;
  // The stored rows are this call's own: each is given its id in place (a sync batch has thousands).
  return created.map(({ id, externalId }) => Object.assign(externalId ? byExternalId.get(externalId)! : withoutExternalId[next++]!, { id }));
}

/**
 * 'Olası tekrar', both ways: each new request is paired with every request of the project whose
 * customer (id, else username) and bonus type match and whose creation lies within the duplicate
 * window of its own, before or after it (a sync import may bring older rows than those held), and
 * each pair is written in both directions, so the request already in the queue shows the newcomer
 * as well. Requests of one batch pair with each other too. The new requests' keys come from what
 * was just stored (not read back); only matches are written, so a batch without any writes nothing.
 */
async function flagPossibleDuplicates(tx: DbOrTx, projectId: number, created: (StoredRequest & { id: number })[]): Promise<void> {
  const keyed = created.filter((r) => r.customerId || r.customerUsername);
  if (keyed.length === 0) return;
  const { duplicateWindowHours } = await readDeskSettings(tx, projectId);
  const nKey = customerKey(sql.raw('n.customer_id'), sql.raw('n.customer_username'));
  const oKey = customerKey(sql.raw('o.customer_id'), sql.raw('o.customer_username'));
  const rows = JSON.stringify(keyed.map((r) => ({ id: r.id, bonus_type: r.bonusType, customer_id: r.customerId, customer_username: r.customerUsername, created_ms: r.createdAt.getTime() })));
  const window = sql`make_interval(hours => ${duplicateWindowHours}::int)`;
  // One range of the (project, bonus type, customer key, created_at, id) index per new request.
  await tx.execute(sql`
    with n as (
      select n.id, n.bonus_type, n.customer_id, n.customer_username, ${fromEpochMs(sql.raw('n.created_ms'))} as created_at
      from json_to_recordset(${rows}::json) as n(id int, bonus_type text, customer_id text, customer_username text, created_ms bigint)
    ),
    pairs as (
      select n.id as a, o.id as b
      from n join bonus_requests o
        on o.project_id = ${projectId} and o.bonus_type = n.bonus_type and ${oKey} = ${nKey}
          and o.created_at between n.created_at - ${window} and n.created_at + ${window}
          and o.id <> n.id
      where ${nKey} is not null
    )
    insert into bonus_request_duplicates (request_id, other_id)
    select a, b from pairs union select b, a from pairs
    on conflict do nothing`);
}

/** Creates requests in their own transaction and sends the socket events once it commits. */
export async function createRequests(
  ctx: AppContext,
  input: CreateRequestsInput,
  routing: CreationRouting,
): Promise<{ created: CreatedRequest[]; requests: BonusRequest[]; viewed: ViewedRequest[]; skipped: number }> {
  const { publish, ...result } = await ctx.database.db.transaction((tx) => createRequestsInTransaction(tx, ctx, input, routing));
  publish();
  return result;
}

/** The manual form (spec §2.4): one request; a repeated external id is refused with 409. */
export async function createManualRequest(
  { ctx, actor, ipAddress }: ActorContext,
  input: { projectId: number; body: CreateRequestInput },
  routing: CreationRouting,
): Promise<ViewedRequest> {
  // The form's 1–5 is stored as 2–10, so its highest is the board's 'Yüksek' (docs/priority.md).
  const item = { ...input.body, priority: storedPriority(input.body.priority) };
  const { created, viewed } = await createRequests(ctx, { projectId: input.projectId, source: 'manual', actor, ipAddress, items: [item], viewer: actor }, routing);
  const request = viewed.find((r) => r.id === created[0]?.id);
  if (!request) throw new AppError('CONFLICT', BONUS_MESSAGES.externalIdTaken, { externalId: BONUS_MESSAGES.externalIdTaken });
  return request;
}
