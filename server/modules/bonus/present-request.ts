import { eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BonusRequest } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';

const assignee = alias(users, 'assignee');
const completer = alias(users, 'completer');

/** Every column but the generated search text, which never leaves the server. */
const { searchText: _searchText, ...requestColumns } = getTableColumns(bonusRequests);

/** The columns a presented request needs: the row plus its assignee's and completer's names. */
export const presentedColumns = {
  ...requestColumns,
  assignedUserName: assignee.fullName,
  completedByName: completer.fullName,
};
export type PresentableRow = Omit<typeof bonusRequests.$inferSelect, 'searchText'> & {
  assignedUserName: string | null;
  completedByName: string | null;
};

/** The select with the two name joins (and any extra columns); callers add where/order/limit. */
export function selectPresentable<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...presentedColumns, ...(extra as Extra) })
    .from(bonusRequests)
    .leftJoin(assignee, eq(assignee.id, bonusRequests.assignedUserId))
    .leftJoin(completer, eq(completer.id, bonusRequests.completedByUserId));
}

/** The API's view of a request (spec §3 field names: userId = customerId, agentId = assignee). */
export function presentRequest(row: PresentableRow): BonusRequest {
  return {
    id: row.id,
    projectId: row.projectId,
    externalId: row.externalId,
    customerId: row.customerId,
    userId: row.customerId,
    customerUsername: row.customerUsername,
    customerName: row.customerName,
    bonusType: row.bonusType,
    amount: row.amount,
    description: row.description,
    priority: row.priority,
    status: row.status,
    source: row.source,
    agentId: row.assignedUserId,
    assignedUserName: row.assignedUserName,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    reservedForUserId: row.reservedForUserId,
    completedBy: row.completedByUserId,
    completedByName: row.completedByName,
    completedAt: row.completedAt?.toISOString() ?? null,
    completionNotes: row.completionNotes,
    requeueReason: row.requeueReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Presented requests by id (in the given order), read inside the caller's transaction. */
export async function loadPresentedRequests(db: DbOrTx, ids: number[]): Promise<BonusRequest[]> {
  if (ids.length === 0) return [];
  const rows = await selectPresentable(db).where(inArray(bonusRequests.id, ids));
  const byId = new Map(rows.map((r) => [r.id, presentRequest(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is BonusRequest => Boolean(r));
}
