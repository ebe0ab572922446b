import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import type { BonusRequest } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';

const assignee = alias(users, 'assignee');
const completer = alias(users, 'completer');

/** A timestamp written exactly as JavaScript's `toISOString` writes it (UTC, milliseconds, `Z`). */
export function isoTimestamp(column: PgColumn | SQL): SQL<string | null> {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const r = bonusRequests;

/**
 * The API's view of a request (spec §3 field names: userId = customerId, agentId = assignee),
 * built by PostgreSQL as JSON. It is the only presenter of a request: the list hands the
 * database's JSON text to the client untouched (no row parsing, mapping or re-serialising on
 * the hottest endpoint), and the detail and the socket events parse the same object. Money
 * stays an exact decimal string; the generated search text never leaves the server.
 */
export const presentedRequestJson = sql<BonusRequest>`json_build_object(
  'id', ${r.id}, 'projectId', ${r.projectId}, 'externalId', ${r.externalId},
  'customerId', ${r.customerId}, 'userId', ${r.customerId},
  'customerUsername', ${r.customerUsername}, 'customerName', ${r.customerName},
  'bonusType', ${r.bonusType}, 'amount', ${r.amount}::text, 'description', ${r.description},
  'priority', ${r.priority}, 'status', ${r.status}, 'source', ${r.source},
  'agentId', ${r.assignedUserId}, 'assignedUserName', ${assignee.fullName}, 'assignedAt', ${isoTimestamp(r.assignedAt)},
  'reservedForUserId', ${r.reservedForUserId},
  'completedBy', ${r.completedByUserId}, 'completedByName', ${completer.fullName}, 'completedAt', ${isoTimestamp(r.completedAt)},
  'completionNotes', ${r.completionNotes}, 'requeueReason', ${r.requeueReason},
  'createdAt', ${isoTimestamp(r.createdAt)}, 'updatedAt', ${isoTimestamp(r.updatedAt)}, 'version', ${r.version}
)`;

/** Adds the two name joins the presenter reads to a (dynamic) select from bonus_requests. */
export function joinPresenterNames<Query extends PgSelect>(query: Query) {
  return query
    .leftJoin(assignee, eq(assignee.id, bonusRequests.assignedUserId))
    .leftJoin(completer, eq(completer.id, bonusRequests.completedByUserId));
}

/** Presented requests by id (in the given order), read inside the caller's transaction. */
export async function loadPresentedRequests(db: DbOrTx, ids: number[]): Promise<BonusRequest[]> {
  if (ids.length === 0) return [];
  const rows = await joinPresenterNames(db.select({ request: presentedRequestJson }).from(bonusRequests).$dynamic()).where(
    inArray(bonusRequests.id, ids),
  );
  const byId = new Map(rows.map(({ request }) => [request.id, request]));
  return ids.map((id) => byId.get(id)).filter((request): request is BonusRequest => Boolean(request));
}
