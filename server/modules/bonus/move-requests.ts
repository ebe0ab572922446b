import { inArray, is, sql, SQL } from 'drizzle-orm';
import type { ApprovalDetails } from '@common/approval';
import type { AuditActionOn, AuditDetails } from '@common/audit-catalogue';
import { ACTIVE_STATUSES, type RequestStatus } from '@common/enums';
import type { RequestMove } from '@common/request-transitions';
import type { RequestEventType } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { DbOrTx } from '../../db/client';
import { sqlArray } from '../../db/sql-arrays';
import { bonusRequests, users } from '../../db/schema';
import type { Actor } from '../../policies/actor';
import { effectiveMaxLoad } from '../settings';
import { completionTargets } from './completion-target';
import { auditRequestChange, recordRequestEvents, SYSTEM_ACTOR, type PendingRequestChanges, type RequestSocketEvent } from './request-changes';
import { applyTransitions, type RequestSet, type TransitionResult } from './request-state-machine';

/**
 * The one move operation: every path that changes a request's status (claim, complete, re-queue,
 * undo, routing, reservation hand-over, lease expiry, the sync's closing) calls `moveRequests`.
 * It owns all that a move writes, in the caller's transaction:
 * - the status (one conditional UPDATE for the whole batch, per the transition table) and every
 *   companion column, decided here once per move (see COMPANIONS below), never by the caller;
 * - for a completion, whether it completes or waits for a second person's approval (four eyes:
 *   completion-target.ts), so no path can complete past the threshold or a customer limit alone;
 * - for an assignment, the capacity check and its revert (see OVER_CAPACITY), and the assignee's
 *   `last_assigned_at`;
 * - for a move that takes a request off its assignee, the hand-over of that person's oldest
 *   capacity reservations, since their load dropped;
 * - the timeline event, the audit row and the socket change (sent after commit by the caller's
 *   PendingRequestChanges).
 * request-status-writes.test.ts fails when anything else writes the status or a companion column.
 */

/** One request to move, with what is particular to it. */
export interface MoveRow {
  id: number;
  /** The target, for a move with several (external_close, capacity_revert). */
  to?: RequestStatus;
  /** assign: who gets it; undo_requeue: who had it before. */
  assignee?: number;
  /** requeue: why (a reason code or a person's words); complete: the completion notes; reject: why. */
  reason?: string | null;
  /** complete → pending_approval: why it waits (set by the move itself, never by a caller). */
  approval?: ApprovalDetails | null;
  /** This row's details in its timeline event and audit row. */
  details?: Record<string, unknown>;
}

/**
 * The companion columns of each move, decided once:
 * - assign: the assignee, who assigned (the person; null when routing or the system did), when;
 *   a capacity reservation is cleared (the request is someone's now); a re-queue reason stays, so
 *   whoever takes the request next sees why it came back (undo_requeue alone clears it).
 * - complete: who completed it, when, with their notes; the assignee stays (it is their work).
 *   When it waits for approval instead: who asked, when and why; nobody completed it yet.
 * - approve: completed by the person who asked (it is their work), approved by the actor, now.
 * - reject: back to the person who asked, in progress, with the reason; the request is no longer asked.
 * - requeue: nobody holds it; the reason says why it came back.
 * - undo_complete: the completion is cleared; undo_requeue: back to its former assignee, reason cleared.
 * - external_close: a request the project's system completed gets its completion time.
 * - capacity_revert: nobody holds it (OVER_CAPACITY decides what happens to the reservation).
 */
function companions(move: RequestMove, row: MoveRow, actor: Actor, now: Date): RequestSet {
  switch (move) {
    case 'assign':
      return { assignedUserId: row.assignee, assignedByUserId: actor.id, assignedAt: now, reservedForUserId: null, reservedAt: null };
    case 'complete': {
      const asks = row.to === 'pending_approval';
      return {
        completedByUserId: asks ? null : actor.id,
        completedAt: asks ? null : now,
        completionNotes: row.reason ?? null,
        approvalRequestedByUserId: asks ? actor.id : null,
        approvalRequestedAt: asks ? now : null,
        approvalDetails: asks ? JSON.stringify(row.approval) : null,
        approvedByUserId: null,
        approvedAt: null,
        rejectedByUserId: null,
        rejectionReason: null,
      };
    }
    case 'approve':
      return { completedByUserId: sql`${bonusRequests.approvalRequestedByUserId}`, completedAt: now, approvedByUserId: actor.id, approvedAt: now };
    case 'reject':
      return {
        assignedUserId: sql`coalesce(${bonusRequests.approvalRequestedByUserId}, ${bonusRequests.assignedUserId})`,
        approvalRequestedByUserId: null,
        approvalRequestedAt: null,
        approvalDetails: null,
        rejectedByUserId: actor.id,
        rejectionReason: row.reason ?? null,
      };
    case 'requeue':
      return { assignedUserId: null, assignedByUserId: null, assignedAt: null, requeueReason: row.reason ?? null };
    case 'undo_complete':
      return { completedByUserId: null, completedAt: null, completionNotes: null };
    case 'undo_requeue':
      return { assignedUserId: row.assignee, assignedByUserId: actor.id, assignedAt: now, requeueReason: null };
    case 'external_close':
      return row.to === 'completed' ? { completedAt: now } : {};
    case 'capacity_revert':
      return { assignedUserId: null, assignedByUserId: null, assignedAt: null };
  }
}

/** Moves after which the former assignee's load dropped: their reservations are handed over. */
const RELEASES: ReadonlySet<RequestMove> = new Set<RequestMove>(['complete', 'requeue']);

/**
 * What an assignment past the assignee's capacity (or to an inactive account) becomes, taken back
 * in the same transaction, latest rows first:
 * - 'reserve' (a person's claim): the request waits, held for the assignee, and is handed to them
 *   when their load drops; a reservation they already had keeps its place in line;
 * - 'restore' (routing, hand-over): it waits as it was before, its earlier reservation restored.
 */
export type OverCapacity = 'reserve' | 'restore';

export interface MoveOptions<A extends AuditActionOn<'bonus_request'>> {
  projectId: number;
  now: Date;
  /** Who moves: a person, routing or the system (id null). */
  actor: Actor;
  ipAddress?: string | null;
  rows: readonly MoveRow[];
  /** An extra condition each row must meet to move (who may, what it must still be). */
  guard?: SQL;
  /** Details of a moved row known only once it moved (e.g. who had it), added to the row's own. */
  details?: (moved: TransitionResult) => Record<string, unknown>;
  /** The timeline event of each moved row. */
  event: { type: RequestEventType | ((moved: MovedRequest) => RequestEventType); reason?: (row: MoveRow) => string | null };
  /** The audit row of each moved row (past `bulkAbove` rows, one row for the batch); the action may depend on where the row went. */
  audit?: { action: A | ((moved: MovedRequest) => A); actor?: Actor; bulkAbove?: number; bulkDetails?: (moved: MovedRequest[]) => AuditDetails<A> };
  /** The socket event of each moved row, sent after commit. */
  socket: RequestSocketEvent | ((moved: MovedRequest) => RequestSocketEvent);
  changes: PendingRequestChanges;
  /** Assignments only: what a move past capacity becomes. */
  overCapacity?: OverCapacity;
}

export interface MovedRequest extends TransitionResult {
  row: MoveRow;
}

export interface MoveOutcome {
  /** The rows that moved and stayed moved, in the order given. */
  moved: MovedRequest[];
  /** Assignments taken back past capacity. */
  overCapacity: MovedRequest[];
  /** Each assignee's load and capacity after the move (assignments only). */
  loads: Map<number, { load: number; maxLoad: number }>;
  /** Requests handed to former assignees whose load dropped (their reservations). */
  handedOver: number[];
}

/** Moves the rows that their status (and `guard`) allows; the others are left exactly as they were. */
export async function moveRequests<A extends AuditActionOn<'bonus_request'>>(tx: DbOrTx, move: RequestMove, opts: MoveOptions<A>): Promise<MoveOutcome> {
  const rows = move === 'complete' ? await withCompletionTargets(tx, opts) : opts.rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const { perRow, shared } = splitCompanions(rows.map((row) => companions(move, row, opts.actor, opts.now)));
  const results = await applyTransitions(tx, move, {
    projectId: opts.projectId,
    now: opts.now,
    rows: rows.map((row, i) => ({ id: row.id, to: row.to, set: perRow[i] })),
    set: shared,
    guard: opts.guard,
  });
  const order = new Map(opts.rows.map((r, i) => [r.id, i]));
  let moved: MovedRequest[] = results
    .map((r) => {
      const row = byId.get(r.id)!;
      const details = { ...row.details, ...opts.details?.(r), ...(row.approval ? { approval: row.approval } : {}) };
      return { ...r, row: opts.details || row.approval ? { ...row, details } : row };
    })
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const outcome: MoveOutcome = { moved, overCapacity: [], loads: new Map(), handedOver: [] };
  if (moved.length === 0) return outcome;

  if (move === 'assign') {
    const { loads, over } = await checkCapacity(tx, opts.projectId, moved);
    outcome.loads = loads;
    if (over.length > 0) {
      await takeBack(tx, opts, over);
      const taken = new Set(over.map((m) => m.id));
      moved = moved.filter((m) => !taken.has(m.id));
      outcome.overCapacity = over;
    }
    await noteAssigned(tx, opts.projectId, moved, opts.now);
  }
  outcome.moved = moved;

  await record(tx, opts, moved);
  if (RELEASES.has(move)) {
    const released = [...new Set(moved.map((m) => m.previousAssigneeId).filter((id): id is number => id !== null))];
    for (const userId of released) {
      const cause = moved.find((m) => m.previousAssigneeId === userId)!;
      outcome.handedOver.push(...(await handOverReservations(tx, { ...opts, userId, cause: { actor: opts.audit?.actor ?? opts.actor, requestId: cause.id, action: move } })));
    }
  }
  return outcome;
}

/** Each completion's target (completed, or pending_approval and why), decided here: never by a caller. */
async function withCompletionTargets<A extends AuditActionOn<'bonus_request'>>(tx: DbOrTx, opts: MoveOptions<A>): Promise<MoveRow[]> {
  const targets = await completionTargets(
    tx,
    opts.projectId,
    opts.rows.map((r) => r.id),
    opts.now,
  );
  return opts.rows.map((row) => {
    const target = targets.get(row.id);
    return target ? { ...row, to: target.to, approval: target.approval } : { ...row, to: 'completed' };
  });
}

/**
 * A companion given as SQL (e.g. 'completed by the person who asked': a column of the row itself)
 * is the same expression for every row of the batch: it goes into the statement's shared SET; the
 * values travel per row.
 */
function splitCompanions(sets: RequestSet[]): { perRow: RequestSet[]; shared: RequestSet } {
  const shared: Record<string, unknown> = {};
  const perRow = sets.map((set) =>
    Object.fromEntries(
      Object.entries(set).filter(([key, value]) => {
        if (!is(value, SQL)) return true;
        shared[key] = value;
        return false;
      }),
    ),
  );
  return { perRow: perRow as RequestSet[], shared: shared as RequestSet };
}

/** The timeline events, audit rows and socket changes of the rows that moved. */
async function record<A extends AuditActionOn<'bonus_request'>>(tx: DbOrTx, opts: MoveOptions<A>, moved: MovedRequest[]): Promise<void> {
  if (moved.length === 0) return;
  const { event, audit } = opts;
  await recordRequestEvents(
    tx,
    moved.map((m) => ({
      requestId: m.id,
      projectId: opts.projectId,
      type: typeof event.type === 'function' ? event.type(m) : event.type,
      actor: opts.actor,
      fromStatus: m.fromStatus,
      toStatus: m.toStatus,
      reason: event.reason?.(m.row) ?? null,
      details: m.row.details,
      at: opts.now,
    })),
  );
  if (audit) {
    const actor = audit.actor ?? opts.actor;
    const actionOf = (m: MovedRequest): A => (typeof audit.action === 'function' ? audit.action(m) : audit.action);
    if (audit.bulkDetails && moved.length > (audit.bulkAbove ?? Infinity)) {
      // A bulk change (a sync batch's routing) is one change: one audit row naming what it did (the timelines name each).
      await auditRequestChange(tx, { actor, ipAddress: opts.ipAddress, action: actionOf(moved[0]!), projectId: opts.projectId, requestId: null, details: audit.bulkDetails(moved) });
    } else {
      for (const m of moved) {
        await auditRequestChange(tx, { actor, ipAddress: opts.ipAddress, action: actionOf(m), projectId: opts.projectId, requestId: m.id, details: (m.row.details ?? {}) as AuditDetails<A> });
      }
    }
  }
  for (const m of moved) opts.changes.add(typeof opts.socket === 'function' ? opts.socket(m) : opts.socket, m.id, m.previousAssigneeId !== m.row.assignee ? m.previousAssigneeId : null);
}

/**
 * Locks the assignees' rows (in id order, as one statement, so capacity checks of one person
 * run one after another on every instance), reads their loads, and names the rows that put
 * someone past capacity: the latest ones of that person.
 */
async function checkCapacity(tx: DbOrTx, projectId: number, moved: MovedRequest[]) {
  const userIds = [...new Set(moved.map((m) => m.row.assignee!))].sort((a, b) => a - b);
  const loads = await lockLoads(tx, projectId, userIds);
  const over: MovedRequest[] = [];
  for (const userId of userIds) {
    const { load, maxLoad } = loads.get(userId)!;
    let excess = load - maxLoad;
    for (let i = moved.length - 1; i >= 0 && excess > 0; i--) {
      if (moved[i]!.row.assignee === userId) {
        over.push(moved[i]!);
        excess--;
      }
    }
    loads.set(userId, { load: Math.min(load, maxLoad), maxLoad });
  }
  return { loads, over };
}

/** Locks the people's rows in id order and reads their load and capacity in the project (an inactive account has none). */
async function lockLoads(tx: DbOrTx, projectId: number, userIds: number[]): Promise<Map<number, { load: number; maxLoad: number }>> {
  const people = await tx
    .select({ id: users.id, maxLoad: effectiveMaxLoad(projectId), isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(users.id)
    .for('no key update');
  const counted = await tx.execute(sql`
    select assigned_user_id as id, count(*)::int as n from bonus_requests
    where project_id = ${projectId} and assigned_user_id = any(${sqlArray(userIds, 'int')}) and status = any(${sqlArray([...ACTIVE_STATUSES], 'text')})
    group by assigned_user_id`);
  const loadOf = new Map((counted as unknown as { rows: { id: number; n: number }[] }).rows.map((r) => [Number(r.id), Number(r.n)]));
  const person = new Map(people.map((p) => [p.id, p]));
  return new Map(
    userIds.map((userId) => {
      const p = person.get(userId);
      return [userId, { load: loadOf.get(userId) ?? 0, maxLoad: p?.isActive ? p.maxLoad : 0 }];
    }),
  );
}

/** Takes assignments past capacity back to where they came from (see OverCapacity). */
async function takeBack<A extends AuditActionOn<'bonus_request'>>(tx: DbOrTx, opts: MoveOptions<A>, over: MovedRequest[]): Promise<void> {
  const reserve = opts.overCapacity === 'reserve';
  await applyTransitions(tx, 'capacity_revert', {
    projectId: opts.projectId,
    now: opts.now,
    rows: over.map((m) => {
      const keptReservation = reserve && m.previousReservedForId === m.row.assignee;
      return {
        id: m.id,
        to: m.fromStatus,
        set: {
          ...companions('capacity_revert', m.row, opts.actor, opts.now),
          reservedForUserId: reserve ? m.row.assignee! : m.previousReservedForId,
          reservedAt: reserve && !keptReservation ? opts.now : m.previousReservedAt,
        },
      };
    }),
  });
  if (!reserve) return;
  // A claim past capacity becomes a reservation: the person sees it held for them.
  const reserved = over.filter((m) => m.previousReservedForId !== m.row.assignee);
  await record(
    tx,
    { ...opts, event: { type: 'reserved' }, socket: SOCKET_EVENTS.requestUpdated },
    reserved.map((m) => ({ ...m, toStatus: m.fromStatus, row: { ...m.row, details: { ...m.row.details, enqueued: true } } })),
  );
}

/** load_based routing breaks ties by who waited longest since their last assignment. */
async function noteAssigned(tx: DbOrTx, projectId: number, moved: MovedRequest[], now: Date): Promise<void> {
  const assignees = [...new Set(moved.map((m) => m.row.assignee!))];
  if (assignees.length === 0) return;
  await tx.execute(sql`
    update project_members set last_assigned_at = ${now.toISOString()}::timestamptz
    where project_id = ${projectId} and user_id = any(${sqlArray(assignees, 'int')})`);
}

/**
 * When a person's load drops (a request of theirs completed or re-queued), the requests reserved
 * for them while they were at capacity are handed over, oldest reservation first, until they are
 * at capacity again. SKIP LOCKED: a reserved request someone is touching right now waits for the next drop.
 */
async function handOverReservations<A extends AuditActionOn<'bonus_request'>>(
  tx: DbOrTx,
  opts: MoveOptions<A> & { userId: number; cause: { actor: Actor; requestId: number; action: RequestMove } },
): Promise<number[]> {
  const { load, maxLoad } = (await lockLoads(tx, opts.projectId, [opts.userId])).get(opts.userId)!;
  if (load >= maxLoad) return [];
  const result = await tx.execute(sql`
    select id from bonus_requests
    where project_id = ${opts.projectId} and reserved_for_user_id = ${opts.userId} and status in ('new', 'queued')
    order by reserved_at, id
    limit ${maxLoad - load}
    for update skip locked`);
  const candidates = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (candidates.length === 0) return [];
  const details = { agentId: opts.userId, fromReservation: true, causedBy: { requestId: opts.cause.requestId, action: opts.cause.action } };
  const { moved } = await moveRequests(tx, 'assign', {
    projectId: opts.projectId,
    now: opts.now,
    actor: SYSTEM_ACTOR,
    rows: candidates.map((id) => ({ id, assignee: opts.userId, details })),
    details: undefined,
    event: { type: 'handed_over' },
    audit: { action: 'ASSIGN_BONUS_REQUEST', actor: opts.cause.actor },
    socket: SOCKET_EVENTS.requestAssigned,
    changes: opts.changes,
    overCapacity: 'restore',
  });
  return moved.map((m) => m.id);
}
