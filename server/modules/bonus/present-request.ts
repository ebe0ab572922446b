import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { BonusRequest, ViewedRequest } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { abilitiesColumn, type RequestActorRef } from '../../policies/request-policy';

const assignee = alias(users, 'assignee');
const completer = alias(users, 'completer');
const reservedFor = alias(users, 'reserved_for');

/** A timestamp written exactly as JavaScript's `toISOString` writes it (UTC, milliseconds, `Z`). */
export function isoTimestamp(column: PgColumn | SQL): SQL<string | null> {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const r = bonusRequests;
const field = <T>(expression: SQL | PgColumn, name: string) => sql<T>`${expression}`.as(name);
/**
 * A person's name by a column that is null on most rows: a subquery only where it is set (the
 * list, the hottest statement, would otherwise pay a join per row for the few approvals).
 */
const nameOf = (column: PgColumn) => sql`case when ${column} is null then null else (select u.full_name from users u where u.id = ${column}) end`;

/**
 * 'Olası tekrar' of a request: its pairs (bonus_request_duplicates), without the others that were
 * cancelled or failed, which can no longer be paid twice. One probe of the pairs' primary key per
 * row, which finds nothing on most rows, so the list pays almost nothing for it.
 */
const possibleDuplicates = sql`coalesce((
  select json_agg(json_build_object('id', o.id, 'externalId', o.external_id) order by o.id)
  from bonus_request_duplicates d join bonus_requests o on o.id = d.other_id
  where d.request_id = ${r.id} and o.status not in ('cancelled', 'error')
), '[]'::json)`;

/**
 * The API's view of a request (spec §3 field names: userId = customerId, agentId = assignee),
 * computed by PostgreSQL: each column is already the value the client gets, under its API name.
 * It is the only presenter of a request: selected as columns, its rows are `BonusRequest`s
 * (socket events), and with the viewer's abilities (`selectViewedRequests`) what every HTTP
 * response answers (detail, my queue, the moves); wrapped in `json_agg`, the database writes
 * the list's JSON text itself, which the hottest endpoint sends as it is. Money stays an exact decimal string;
 * the generated search text never leaves the server.
 */
export const presentedRequestFields = {
  id: field<number>(r.id, 'id'),
  projectId: field<number>(r.projectId, 'projectId'),
  externalId: field<string | null>(r.externalId, 'externalId'),
  customerId: field<string | null>(r.customerId, 'customerId'),
  userId: field<string | null>(r.customerId, 'userId'),
  customerUsername: field<string | null>(r.customerUsername, 'customerUsername'),
  customerName: field<string | null>(r.customerName, 'customerName'),
  bonusType: field<BonusRequest['bonusType']>(r.bonusType, 'bonusType'),
  customerSegment: field<NonNullable<BonusRequest['customerSegment']> | null>(r.customerSegment, 'customerSegment'),
  amount: field<string>(sql`${r.amount}::text`, 'amount'),
  description: field<string | null>(r.description, 'description'),
  priority: field<number>(r.priority, 'priority'),
  status: field<BonusRequest['status']>(r.status, 'status'),
  source: field<BonusRequest['source']>(r.source, 'source'),
  agentId: field<number | null>(r.assignedUserId, 'agentId'),
  assignedUserName: field<string | null>(assignee.fullName, 'assignedUserName'),
  assignedAt: field<string | null>(isoTimestamp(r.assignedAt), 'assignedAt'),
  reservedForUserId: field<number | null>(r.reservedForUserId, 'reservedForUserId'),
  reservedForName: field<string | null>(reservedFor.fullName, 'reservedForName'),
  possibleDuplicates: field<BonusRequest['possibleDuplicates']>(possibleDuplicates, 'possibleDuplicates'),
  completedBy: field<number | null>(r.completedByUserId, 'completedBy'),
  completedByName: field<string | null>(completer.fullName, 'completedByName'),
  completedAt: field<string | null>(isoTimestamp(r.completedAt), 'completedAt'),
  completionNotes: field<string | null>(r.completionNotes, 'completionNotes'),
  requeueReason: field<string | null>(r.requeueReason, 'requeueReason'),
  approvalRequestedBy: field<number | null>(r.approvalRequestedByUserId, 'approvalRequestedBy'),
  approvalRequestedByName: field<string | null>(nameOf(r.approvalRequestedByUserId), 'approvalRequestedByName'),
  approvalRequestedAt: field<string | null>(isoTimestamp(r.approvalRequestedAt), 'approvalRequestedAt'),
  approvalDetails: field<BonusRequest['approvalDetails']>(r.approvalDetails, 'approvalDetails'),
  approvedBy: field<number | null>(r.approvedByUserId, 'approvedBy'),
  approvedByName: field<string | null>(nameOf(r.approvedByUserId), 'approvedByName'),
  approvedAt: field<string | null>(isoTimestamp(r.approvedAt), 'approvedAt'),
  rejectedByName: field<string | null>(nameOf(r.rejectedByUserId), 'rejectedByName'),
  rejectionReason: field<string | null>(r.rejectionReason, 'rejectionReason'),
  createdAt: field<string>(isoTimestamp(r.createdAt), 'createdAt'),
  updatedAt: field<string>(isoTimestamp(r.updatedAt), 'updatedAt'),
  version: field<number>(r.version, 'version'),
} satisfies Record<keyof BonusRequest, SQL.Aliased>;

/** Presented requests: a dynamic select from bonus_requests with the three name joins; callers add where/order/limit. */
export function selectPresentedRequests(db: DbOrTx) {
  return db
    .select(presentedRequestFields)
    .from(bonusRequests)
    .leftJoin(assignee, eq(assignee.id, bonusRequests.assignedUserId))
    .leftJoin(completer, eq(completer.id, bonusRequests.completedByUserId))
    .leftJoin(reservedFor, eq(reservedFor.id, bonusRequests.reservedForUserId))
    .$dynamic();
}

/**
 * The same with the viewer's `abilities` on each (server/policies/request-policy.ts): a request
 * as an HTTP response answers it. Socket events, broadcast to everyone, use the plain presenter.
 */
export function selectViewedRequests(db: DbOrTx, viewer: RequestActorRef) {
  return db
    .select({ ...presentedRequestFields, abilities: abilitiesColumn(viewer) })
    .from(bonusRequests)
    .leftJoin(assignee, eq(assignee.id, bonusRequests.assignedUserId))
    .leftJoin(completer, eq(completer.id, bonusRequests.completedByUserId))
    .leftJoin(reservedFor, eq(reservedFor.id, bonusRequests.reservedForUserId))
    .$dynamic();
}

/** Presented requests by id (in the given order), read inside the caller's transaction; with a viewer, with their abilities. */
export async function loadPresentedRequests(db: DbOrTx, ids: number[]): Promise<BonusRequest[]>;
export async function loadPresentedRequests(db: DbOrTx, ids: number[], viewer: RequestActorRef): Promise<ViewedRequest[]>;
export async function loadPresentedRequests(db: DbOrTx, ids: number[], viewer?: RequestActorRef): Promise<BonusRequest[]> {
  if (ids.length === 0) return [];
  const where = inArray(bonusRequests.id, ids);
  const rows: BonusRequest[] = viewer ? await selectViewedRequests(db, viewer).where(where) : await selectPresentedRequests(db).where(where);
  const byId = new Map(rows.map((request) => [request.id, request]));
  return ids.map((id) => byId.get(id)).filter((request): request is BonusRequest => Boolean(request));
}
