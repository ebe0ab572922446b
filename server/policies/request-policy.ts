import { eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@common/enums';
import { can } from '@common/permissions';
import type { RequestAction } from '@common/request-transitions';
import { bonusRequests } from '../db/schema';

/**
 * Who may claim, complete or re-queue a request — the one place this is written. The claim,
 * complete and re-queue services move a request only where `requestGuard` holds (their
 * conditional UPDATE, beside the state machine's from-statuses).
 *
 * The role's part is decided here in TypeScript (a role without the permission gets SQL
 * `false`); ownership and reservations are SQL over the request's own columns with the actor's
 * id bound.
 */

/** The actor of a request action; in a prepared statement, `id` is its placeholder. */
export interface RequestActorRef {
  id: number | Placeholder;
  role: Role;
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
