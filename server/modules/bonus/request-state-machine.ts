import { and, eq, is, sql, SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { RequestStatus } from '@common/enums';
import {
  alreadyClaimedMessage,
  canTransition,
  moveTargets,
  REQUEST_MOVES,
  reservedForOtherMessage,
  transitionRefusedMessage,
  type RequestAction,
  type RequestMove,
} from '@common/request-transitions';
import { alreadyDecidedMessage } from '@common/approval';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { sqlArray } from '../../db/sql-arrays';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';

export { canTransition, type RequestAction };

/**
 * The statement under the one move operation (move-requests.ts, which every path calls):
 * `applyTransitions` is a single conditional UPDATE for the whole batch that only matches the
 * rows whose current status the table in common/request-transitions.ts allows, so concurrent
 * moves race to exactly one winner and a refused move changes nothing.
 * (request-status-writes.test.ts fails if a status or a companion column is written anywhere else.)
 */

type RequestColumns = Omit<typeof bonusRequests.$inferInsert, 'id' | 'projectId' | 'status' | 'version' | 'updatedAt' | 'searchText'>;
/** Companion fields: values, or (in the statement's shared SET only) an SQL expression over the row's own columns. */
export type RequestSet = { [K in keyof RequestColumns]?: RequestColumns[K] | SQL };

export interface TransitionResult {
  id: number;
  fromStatus: RequestStatus;
  toStatus: RequestStatus;
  /** The assignee before the move (whose load may have dropped). */
  previousAssigneeId: number | null;
  previousReservedForId: number | null;
  previousReservedAt: Date | null;
}

export interface MovedRow {
  id: number;
  /** The target, for a move with several (e.g. external_close); a target the move does not allow moves nothing. */
  to?: RequestStatus;
  /** Fields of this row alone, scalar values; rows of one batch give the same fields (a field a row leaves out is written null). */
  set?: RequestSet;
}

/**
 * A take-back in the transaction that made the move keeps the version that move gave: to anyone
 * outside, the request changed once (an undo compares versions).
 */
const KEEPS_VERSION: ReadonlySet<RequestMove> = new Set<RequestMove>(['capacity_revert']);

function column(key: string): PgColumn {
  return bonusRequests[key as keyof RequestSet] as PgColumn;
}

/** `col = value` for every field of a set, each value bound as its column maps it. */
function assignments(set: RequestSet): SQL[] {
  // An undefined field is left alone, as Drizzle's .set() does.
  return Object.entries(set).flatMap(([key, value]: [string, unknown]) => {
    if (value === undefined) return [];
    const col = column(key);
    return [sql`${sql.identifier(col.name)} = ${is(value, SQL) ? value : sql.param(value, col)}`];
  });
}

type Element = Parameters<typeof sqlArray>[0][number];

/**
 * Moves a batch of requests of one project in one statement: each row (with its own target and
 * fields) moves only if its current status allows `move` and `guard` holds; the others are left
 * exactly as they were. Returns the rows that moved, with what they were before.
 */
export async function applyTransitions(
  tx: DbOrTx,
  move: RequestMove,
  opts: { projectId: number; now: Date; rows: readonly MovedRow[]; set?: RequestSet; guard?: SQL },
): Promise<TransitionResult[]> {
  const targets = moveTargets(move);
  // A row without a target the move allows is refused here; the statement checks the from-status.
  const rows = opts.rows.flatMap((r) => {
    const to = r.to ?? (targets.length === 1 ? targets[0] : undefined);
    return to !== undefined && targets.includes(to) ? [{ ...r, to }] : [];
  });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const perRow = [...new Set(rows.flatMap((r) => Object.keys(r.set ?? {})))];
  const perRowColumns = perRow.map((key, i) => {
    const values = rows.map((r) => (r.set as Record<string, Element> | undefined)?.[key] ?? null);
    return { key, name: sql.raw(`c${i}`), array: sql`${sqlArray(values, 'text')}::${sql.raw(column(key).getSQLType())}[]` };
  });
  const set = [
    ...assignments(opts.set ?? {}),
    ...perRowColumns.map((c) => sql`${sql.identifier(column(c.key).name)} = u.${c.name}`),
    KEEPS_VERSION.has(move) ? sql`version = bonus_requests.version` : sql`version = bonus_requests.version + 1`,
    sql`updated_at = ${opts.now.toISOString()}::timestamptz`,
  ];
  // Shaped so the plan is driven by the ids (primary key), also on statistics not yet analysed
  // after a bulk import: 'before' joins the ids to the primary key, and no filter narrows the
  // unnest. (Read as `id = any(…)` it was planned, on a fresh import, as a scan of another index
  // per id with the whole list checked each time: 0.1 s for a thousand routed requests.)
  const result = await tx.execute(sql`
    with before as (
      select b.id, b.status, b.assigned_user_id, b.reserved_for_user_id, b.reserved_at
      from unnest(${sqlArray(ids, 'int')}) as i(id) join bonus_requests b on b.id = i.id
    )
    update bonus_requests set status = u.to_status, ${sql.join(set, sql`, `)}
    from unnest(${sqlArray(ids, 'int')}, ${sqlArray(
      rows.map((r) => r.to),
      'text',
    )}${sql.join(perRowColumns.map((c) => sql`, ${c.array}`))}) as u(id, to_status${sql.join(perRowColumns.map((c) => sql`, ${c.name}`))}), before
    where ${bonusRequests.id} = u.id and before.id = u.id and ${bonusRequests.projectId} = ${opts.projectId}
      and ${bonusRequests.status} = any(${sqlArray(REQUEST_MOVES[move].from, 'text')})${opts.guard ? sql` and ${opts.guard}` : sql``}
    returning ${bonusRequests.id} as id, before.status as from_status, ${bonusRequests.status} as to_status,
      before.assigned_user_id, before.reserved_for_user_id, before.reserved_at`);
  type Row = { id: number; from_status: RequestStatus; to_status: RequestStatus; assigned_user_id: number | null; reserved_for_user_id: number | null; reserved_at: Date | string | null };
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    id: Number(r.id),
    fromStatus: r.from_status,
    toStatus: r.to_status,
    previousAssigneeId: r.assigned_user_id === null ? null : Number(r.assigned_user_id),
    previousReservedForId: r.reserved_for_user_id === null ? null : Number(r.reserved_for_user_id),
    previousReservedAt: r.reserved_at === null ? null : new Date(r.reserved_at),
  }));
}

/** One request's move: `applyTransitions` with one row; undefined when it did not move. */
export async function applyTransition(
  tx: DbOrTx,
  action: RequestMove,
  opts: { projectId: number; requestId: number; now: Date; to?: RequestStatus; set?: RequestSet; guard?: SQL },
): Promise<TransitionResult | undefined> {
  const [moved] = await applyTransitions(tx, action, { projectId: opts.projectId, now: opts.now, rows: [{ id: opts.requestId, to: opts.to }], set: opts.set, guard: opts.guard });
  return moved;
}

const holder = alias(users, 'holder');
const reservedFor = alias(users, 'reserved_for');
const approver = alias(users, 'approver');
const rejecter = alias(users, 'rejecter');

/**
 * Why a conditional move matched nothing, as the error the caller gets: 404 when the request
 * is not in the project, 409 naming who holds it or its current status, 403 when only its
 * assignee or a manager may complete it.
 */
export async function refusal(
  tx: DbOrTx,
  action: RequestAction,
  opts: { projectId: number; requestId: number; actorId: number | null; targetUserId?: number },
): Promise<AppError> {
  const [row] = await tx
    .select({
      status: bonusRequests.status,
      assignedUserId: bonusRequests.assignedUserId,
      holderName: holder.fullName,
      reservedForUserId: bonusRequests.reservedForUserId,
      reservedForName: reservedFor.fullName,
      approvalRequestedBy: bonusRequests.approvalRequestedByUserId,
      approverName: approver.fullName,
      rejecterName: rejecter.fullName,
    })
    .from(bonusRequests)
    .leftJoin(holder, eq(holder.id, bonusRequests.assignedUserId))
    .leftJoin(reservedFor, eq(reservedFor.id, bonusRequests.reservedForUserId))
    .leftJoin(approver, eq(approver.id, bonusRequests.approvedByUserId))
    .leftJoin(rejecter, eq(rejecter.id, bonusRequests.rejectedByUserId))
    .where(and(eq(bonusRequests.id, opts.requestId), eq(bonusRequests.projectId, opts.projectId)))
    .limit(1);
  if (!row) return notFound(BONUS_MESSAGES.requestNotFound);
  const deciding = action === 'approve' || action === 'reject';
  if (!canTransition(action, row.status)) {
    // Two approvers at once: the one who lost hears who decided first.
    if (deciding && row.status === 'completed' && row.approverName) return conflict(alreadyDecidedMessage('approved', row.approverName), 'ALREADY_DECIDED');
    if (deciding && row.status === 'in_progress' && row.rejecterName) return conflict(alreadyDecidedMessage('rejected', row.rejecterName), 'ALREADY_DECIDED');
    const active = row.status === 'assigned' || row.status === 'in_progress';
    if (action === 'assign' && active && row.holderName) return conflict(alreadyClaimedMessage(row.holderName), 'ALREADY_CLAIMED');
    return conflict(transitionRefusedMessage(action, row.status), 'ILLEGAL_TRANSITION');
  }
  if (action === 'assign' && row.reservedForUserId !== null && row.reservedForUserId !== opts.targetUserId) {
    return conflict(reservedForOtherMessage(row.reservedForName ?? 'başka bir kullanıcı'), 'ALREADY_CLAIMED');
  }
  if (action === 'complete' && row.assignedUserId !== opts.actorId) return forbidden(BONUS_MESSAGES.notYourRequest);
  if (action === 'requeue' && row.assignedUserId !== opts.actorId) return forbidden(BONUS_MESSAGES.notYourRequeue);
  if (deciding && row.approvalRequestedBy === opts.actorId) return forbidden(BONUS_MESSAGES.fourEyesRequired, 'FOUR_EYES_REQUIRED');
  // The status allowed the move a moment ago: someone changed the request in between.
  return conflict('Talep bu sırada değişti; lütfen listeyi yenileyip tekrar deneyin');
}
