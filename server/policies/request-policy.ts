import { eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RequestStatus, Role } from '@common/enums';
import { can } from '@common/permissions';
import { REQUEST_TRANSITIONS, type RequestAction } from '@common/request-transitions';
import type { RequestAbilities } from '@common/schemas/bonus';
import type { DbOrTx } from '../db/client';
import { bonusRequests } from '../db/schema';
import type { Caller } from './actor';
import { mayWorkInProject, type ProjectAccessFacts } from './project-policy';

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
    case 'approve':
    case 'reject':
      // Four eyes: a manager and above, never the person who sent it for approval (the database refuses it too).
      return can(actor.role, 'request:approve') && sql`${r.approvalRequestedByUserId} is distinct from ${actor.id}`;
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

/** The actions an answer's `abilities` name, in RequestAbilities' order (approve stands for reject too: same rule). */
const ABILITY_ACTIONS = ['assign', 'complete', 'requeue', 'approve'] as const;

/** `status in (…)`: the statuses are the table's own constants, written into the text. */
function statusIn(statuses: readonly RequestStatus[]): SQL {
  return sql`${r.status} in (${sql.raw(statuses.map((s) => `'${s}'`).join(', '))})`;
}

/**
 * The caller's abilities on each row, as one JSON column chosen by plain boolean expressions over
 * the request's columns (no subquery: the list computes it for the page it already reads). Its SQL
 * text depends on the role (see `abilitiesShape`) and binds the viewer's id.
 *
 * Written as a CASE over the conditions that depend on the row, choosing among constant JSON
 * texts, rather than `json_build_object` per row: the list is the hottest statement, and building
 * an object per row cost it about a tenth of its database time.
 */
export function abilitiesColumn(viewer: RequestActorRef): SQL.Aliased<RequestAbilities> {
  const conditions = ABILITY_ACTIONS.map((action) => allowedCondition(action, viewer));
  return sql<RequestAbilities>`${chooseAbilities(conditions, [])}`.as('abilities');
}

/** Where an action would succeed: its from-statuses and its guard; a boolean where the role alone decides. */
function allowedCondition(action: RequestAction, actor: RequestActorRef): Condition {
  const condition = actorCondition(action, actor);
  if (condition === false) return false;
  const from = statusIn(REQUEST_TRANSITIONS[action].from);
  return condition === true ? from : sql`(${from} and ${condition})`;
}

/** Nested CASEs over the row-dependent conditions (a null one counts as false), down to a constant per outcome. */
function chooseAbilities(conditions: Condition[], decided: boolean[]): SQL {
  if (decided.length === conditions.length) {
    const [canClaim, canComplete, canRequeue, canApprove] = decided as [boolean, boolean, boolean, boolean];
    const abilities: RequestAbilities = { canClaim, canComplete, canRequeue, canApprove };
    return sql.raw(`'${JSON.stringify(abilities)}'::json`);
  }
  const next = conditions[decided.length]!;
  if (typeof next === 'boolean') return chooseAbilities(conditions, [...decided, next]);
  return sql`(case when ${next} then ${chooseAbilities(conditions, [...decided, true])} else ${chooseAbilities(conditions, [...decided, false])} end)`;
}

/**
 * What of the role decides the SQL text of `abilitiesColumn`: roles with the same answer share
 * a prepared statement.
 */
export function abilitiesShape(role: Role): string {
  // Asked on every list call (the hottest endpoint): worked out once per role.
  let shape = shapes.get(role);
  if (shape === undefined) {
    const text = (condition: Condition) => (typeof condition === 'boolean' ? String(condition) : 'row');
    const viewer = { id: 0, role };
    shape = ABILITY_ACTIONS.map((action) => text(actorCondition(action, viewer))).join(',');
    shapes.set(role, shape);
  }
  return shape;
}
const shapes = new Map<Role, string>();

/**
 * Whether a caller may say they are looking at a request (its detail open, issue 31): they may
 * read requests, may work in the project, and the request is that project's. One statement, as
 * the socket asks it for every announcement.
 */
export async function canViewRequest(db: DbOrTx, caller: Caller, projectId: number, requestId: number): Promise<boolean> {
  if (!can(caller.role, 'request:read')) return false;
  const result = await db.execute(sql`
    select exists (select 1 from projects where id = ${projectId}) as "projectExists",
           exists (select 1 from project_members where project_id = ${projectId} and user_id = ${caller.id}) as "isMember",
           exists (select 1 from ${bonusRequests} where ${bonusRequests.id} = ${requestId} and ${bonusRequests.projectId} = ${projectId}) as "requestInProject"`);
  const [facts] = (result as unknown as { rows: (ProjectAccessFacts & { requestInProject: boolean })[] }).rows;
  return Boolean(facts?.requestInProject) && mayWorkInProject(caller.role, facts!);
}
