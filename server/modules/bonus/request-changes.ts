import { sql, type SQL } from 'drizzle-orm';
import type { AuditActionOn, AuditDetails } from '@common/audit-catalogue';
import type { BulkRequestChange } from '@common/contract/socket-events';
import type { RequestStatus } from '@common/enums';
import type { BonusRequest, RequestEventType, ViewedRequest } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { PresentedChanges, RequestSocketEvent } from '../../events/app-events';
import type { Realtime } from '../../realtime/realtime';
import type { DbOrTx } from '../../db/client';
import { sqlArray } from '../../db/sql-arrays';
import type { RequestActorRef } from '../../policies/request-policy';
import { writeAudit } from '../audit';
import { loadPresentedRequests } from './present-request';
import type { Actor } from '../../policies/actor';

/** Who changes a request: a signed-in user, or the system (sync, capacity queue) with id null. */
export const SYSTEM_ACTOR: Actor = { id: null, username: null, fullName: 'Sistem' };

export interface RequestEventInput {
  requestId: number;
  projectId: number;
  type: RequestEventType;
  actor: Actor;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

/** The columns every timeline writer fills, in the order its SELECT gives them. */
const EVENT_COLUMNS = sql.raw('(request_id, project_id, type, actor_user_id, actor_name, from_status, to_status, reason, details, created_at)');

/** The timeline rows of one or many changes; call inside the transaction of the change. */
export async function recordRequestEvents(tx: DbOrTx, events: RequestEventInput[]): Promise<void> {
  if (events.length === 0) return;
  // One statement for any number of events (a sync batch records thousands): the events are one
  // JSON parameter, in order (a request's events keep the order they are given in).
  const rows = JSON.stringify(
    events.map((e) => ({
      r: e.requestId,
      p: e.projectId,
      t: e.type,
      u: e.actor.id,
      a: e.actor.fullName,
      f: e.fromStatus,
      s: e.toStatus,
      why: e.reason ?? null,
      d: e.details ?? null,
      at: e.at,
    })),
  );
  await tx.execute(sql`
    insert into bonus_request_events ${EVENT_COLUMNS}
    select e.r, e.p, e.t, e.u, e.a, e.f, e.s, e.why, e.d, e.at
    from json_to_recordset(${rows}::json) as e(r int, p int, t text, u int, a text, f text, s text, why text, d jsonb, at timestamptz)`);
}

/**
 * The 'created' timeline events of the requests `requests` selects (id, status), as one INSERT to
 * put in the creating statement (a WITH clause): the same columns `recordRequestEvents` writes,
 * with the actor, details and time every created request of a batch shares.
 */
export function createdEventsInsert(requests: SQL, shared: { projectId: number; actor: Actor; details: Record<string, unknown>; at: Date }): SQL {
  return sql`
    insert into bonus_request_events ${EVENT_COLUMNS}
    select r.id, ${shared.projectId}::int, 'created', ${shared.actor.id}::int, ${shared.actor.fullName}::text, null, r.status, null,
      ${JSON.stringify(shared.details)}::jsonb, ${shared.at.toISOString()}::timestamptz
    from (${requests}) as r`;
}

/** The audit row of a request change (or of a batch of them, with requestId null). */
export async function auditRequestChange<A extends AuditActionOn<'bonus_request'>>(
  tx: DbOrTx,
  input: { actor: Actor; ipAddress?: string | null; action: A; projectId: number; requestId: number | null; details: AuditDetails<A> },
): Promise<void> {
  await writeAudit<A>(tx, {
    actor: { id: input.actor.id, username: input.actor.username },
    action: input.action,
    resourceId: input.requestId,
    details: input.details,
    ipAddress: input.ipAddress ?? null,
    projectId: input.projectId,
  });
}

export type { PresentedChanges, RequestSocketEvent } from '../../events/app-events';

/** Collects the socket events of a transaction in a project; they are sent only after it commits. */
export class PendingRequestChanges {
  private readonly pending: { event: RequestSocketEvent; requestId: number; releasedUserId: number | null }[] = [];

  constructor(private readonly projectId: number) {}

  /** `releasedUserId`: a former assignee whose load the change lowered (complete, re-queue). */
  add(event: RequestSocketEvent, requestId: number, releasedUserId: number | null = null): void {
    this.pending.push({ event, requestId, releasedUserId });
  }

  /**
   * The changes as they stand at the end of the transaction. A bulk change (a sync batch of
   * thousands) is not presented at all: only who holds the changed requests is read. With a
   * viewer (the caller of the change), the same read adds their abilities for the HTTP answer;
   * the socket payloads, broadcast to everyone, go without them.
   */
  async present(tx: DbOrTx, viewer?: RequestActorRef): Promise<PresentedChanges> {
    const ids = [...new Set(this.pending.map((p) => p.requestId))];
    const released = this.pending.map((p) => p.releasedUserId);
    if (this.pending.length > BULK_EVENT_THRESHOLD) {
      // A request is created with nobody holding it: only those another change touched (routed, updated) can have an assignee.
      const touched = [...new Set(this.pending.filter((p) => p.event !== SOCKET_EVENTS.requestCreated).map((p) => p.requestId))];
      const held = touched.length
        ? await tx.execute(sql`select distinct assigned_user_id as id from bonus_requests where id = any(${sqlArray(touched, 'int')}) and assigned_user_id is not null`)
        : { rows: [] };
      const assignees = (held as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
      return { projectId: this.projectId, changes: [], bulkCount: this.pending.length, loadChangedFor: distinctIds([...assignees, ...released]), viewed: [] };
    }
    const viewed = viewer ? await loadPresentedRequests(tx, ids, viewer) : [];
    const requests = viewer ? viewed.map(withoutAbilities) : await loadPresentedRequests(tx, ids);
    const byId = new Map(requests.map((r) => [r.id, r]));
    const changes = this.pending.flatMap((p) => {
      const request = byId.get(p.requestId);
      return request ? [{ event: p.event, request }] : [];
    });
    return { projectId: this.projectId, changes, bulkCount: 0, loadChangedFor: distinctIds([...changes.map((c) => c.request.agentId), ...released]), viewed };
  }
}

function withoutAbilities({ abilities: _abilities, ...request }: ViewedRequest): BonusRequest {
  return request;
}

/** The changed request as the viewer of `present` sees it; read again if the change was not presented (bulk). */
export async function viewedRequest(tx: DbOrTx, presented: PresentedChanges, requestId: number, viewer: RequestActorRef): Promise<ViewedRequest | undefined> {
  return presented.viewed.find((r) => r.id === requestId) ?? (await loadPresentedRequests(tx, [requestId], viewer))[0];
}

function distinctIds(ids: (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** Announces the changes of a commit once it has committed (see announceRequestChanges and app-wiring). */
export function publishRequestChanges(ctx: AppContext, presented: PresentedChanges): void {
  ctx.events.publish('requestsChanged', presented);
}

/**
 * Sends each change to the project's room (spec §7.14); the payload is the presented request.
 * A bulk change sends one summary event: thousands of events would all mean "reload" anyway.
 */
export function announceRequestChanges(realtime: Realtime, presented: PresentedChanges): void {
  const { projectId } = presented;
  if (presented.bulkCount > 0) {
    const summary: BulkRequestChange = { projectId, bulk: true, count: presented.bulkCount };
    realtime.emitToProject(projectId, SOCKET_EVENTS.requestUpdated, summary);
  } else {
    for (const change of presented.changes) realtime.emitToProject(projectId, change.event, change.request);
  }
}

/** Past this many changes in one commit, a project gets one summary event instead of one per request. */
export const BULK_EVENT_THRESHOLD = 25;
