import { eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RequestStatus, Role } from '@common/enums';
import { can } from '@common/permissions';
import { REQUEST_TRANSITIONS, type RequestAction } from '@common/request-transitions';
import type { RequestAbilities } from '@common/schemas/bonus';
import { bonusRequests } from '../db/schema';
import type { Caller } from './actor';

/**
 * Who may claim, complete or re-queue a request — the one place this is written. The claim,
 * complete and re-queue services move a request only where `requestGuard` holds (their
 * conditional UPDATE), and every request an HTTP response answers carries `abilitiesColumn`,
 * built from the same conditions and the state machine's from-statuses, so a screen offers an
 * action exactly where the server would accept it.
 *
 * The role's part is decided here in TypeScript (a role without the permission gets SQL
 * `false`); ownership and reservations are SQL over the request's own columns with the actor's
 * id bound, so the list computes them for a whole page in the statement that reads it.
 */

/** The caller of a request action (policies' `Caller`); in a prepared statement, `id` is its placeholder. */
export interface RequestActorRef extends Omit<Caller, 'id'> {
  id: Caller['id'] | Placeholder;
}

/** true: whatever the request; false: never; SQL: where it holds for the row. */
type Condition = boolean | SQL;

const r = bonusRequests;

/**
 * The actor-dependent condition of an action (the route's permission included: each is the
 * `access` of its contract entry). A claim for another member (`targetId`, manager and above,
 * checked by the claim service) is held to the target's reservation, not the caller's.
 */
function actorCondition(action: RequestAction, actor: RequestActorRef, targetId: number | Placeholder = actor.id): Condition {
  const ownRequest = eq(r.assignedUserId, actor.id);
  switch (action) {
    case 'assign':
      // A waiting request held for someone (capacity reservation) goes to them alone.
      return can(actor.role, 'request:claim') && or(isNull(r.reservedForUserId), eq(r.reservedForUserId, targetId))!;
    case 'complete':
      // Its assignee, or a manager and above.
      return can(actor.role, 'request:complete') && (can(actor.role, 'request:manage-any') || ownRequest);
    case 'requeue':
      // Anyone with 'request:requeue'; an agent only their own request (a mis-claim).
      return can(actor.role, 'request:requeue-own') && (can(actor.role, 'request:requeue') || ownRequest);
  }
}

/**
 * The guard a service passes to `applyTransition` for its action (the state machine adds the
 * from-statuses): undefined when the actor may act on any request of the project.
 */
export function requestGuard(action: RequestAction, actor: RequestActorRef, targetId?: number): SQL | undefined {
  const condition = actorCondition(action, actor, targetId);
  return condition === true ? undefined : condition === false ? sql`false` : condition;
}

/** `status in (…)`: the statuses are the table's own constants, written into the text. */
function statusIn(statuses: readonly RequestStatus[]): SQL {
  return sql`${r.status} in (${sql.raw(statuses.map((s) => `'${s}'`).join(', '))})`;
}

/** True (never null) where the action would succeed for the actor: its from-statuses and its guard. */
function allowedSql(action: RequestAction, actor: RequestActorRef): SQL {
  const condition = actorCondition(action, actor);
  if (condition === false) return sql`false`;
  const from = statusIn(REQUEST_TRANSITIONS[action].from);
  // An unassigned row compares null: `is true` makes that a plain false.
  return condition === true ? from : sql`(${from} and ${condition}) is true`;
}

/**
 * The caller's abilities on each row, as one JSON column of plain boolean expressions over the
 * request's columns (no subquery: the list computes it for the page it already reads). Its SQL
 * text depends on the role (see `abilitiesShape`) and binds the viewer's id.
 */
export function abilitiesColumn(viewer: RequestActorRef): SQL.Aliased<RequestAbilities> {
  return sql<RequestAbilities>`json_build_object('canClaim', ${allowedSql('assign', viewer)}, 'canComplete', ${allowedSql('complete', viewer)}, 'canRequeue', ${allowedSql('requeue', viewer)})`.as(
    'abilities',
  );
}

/**
 * What of the role decides the SQL text of `abilitiesColumn`: roles with the same answer share
 * a prepared statement.
 */
export function abilitiesShape(role: Role): string {
  const text = (condition: Condition) => (typeof condition === 'boolean' ? String(condition) : 'row');
  const viewer = { id: 0, role };
  return (['assign', 'complete', 'requeue'] as const).map((action) => text(actorCondition(action, viewer))).join(',');
}
