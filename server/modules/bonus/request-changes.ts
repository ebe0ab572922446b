import type { AuditAction, RequestStatus } from '@common/enums';
import type { BonusRequest, RequestEventType } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bonusRequestEvents } from '../../db/schema';
import { writeAudit } from '../audit/write-audit';
import { loadPresentedRequests } from './present-request';

/** Who changes a request: a signed-in user, or the system (sync, capacity queue) with id null. */
export interface RequestActor {
  id: number | null;
  username: string | null;
  fullName: string | null;
  ipAddress?: string | null;
}
export const SYSTEM_ACTOR: RequestActor = { id: null, username: null, fullName: 'Sistem' };

export interface RequestEventInput {
  requestId: number;
  projectId: number;
  type: RequestEventType;
  actor: RequestActor;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

/** The timeline rows of one or many changes; call inside the transaction of the change. */
export async function recordRequestEvents(tx: DbOrTx, events: RequestEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(bonusRequestEvents).values(
    events.map((e) => ({
      requestId: e.requestId,
      projectId: e.projectId,
      type: e.type,
      actorUserId: e.actor.id,
      actorName: e.actor.fullName,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      reason: e.reason ?? null,
      details: e.details ?? null,
      createdAt: e.at,
    })),
  );
}

export async function auditRequestChange(
  tx: DbOrTx,
  input: { actor: RequestActor; action: AuditAction; projectId: number; requestId: number | null; details: Record<string, unknown> },
): Promise<void> {
  await writeAudit(tx, {
    actor: { id: input.actor.id, username: input.actor.username },
    action: input.action,
    resource: 'bonus_request',
    resourceId: input.requestId,
    severity: 'low',
    category: 'data',
    details: input.details,
    ipAddress: input.actor.ipAddress ?? null,
    projectId: input.projectId,
  });
}

export type RequestSocketEvent =
  | typeof SOCKET_EVENTS.requestCreated
  | typeof SOCKET_EVENTS.requestUpdated
  | typeof SOCKET_EVENTS.requestAssigned
  | typeof SOCKET_EVENTS.requestCompleted;

export interface RequestChange {
  event: RequestSocketEvent;
  request: BonusRequest;
}

/** Collects the socket events of a transaction; they are sent only after it commits. */
export class PendingRequestChanges {
  private readonly pending: { event: RequestSocketEvent; requestId: number }[] = [];

  add(event: RequestSocketEvent, requestId: number): void {
    this.pending.push({ event, requestId });
  }

  /** Presents the changed requests as they stand at the end of the transaction. */
  async present(tx: DbOrTx): Promise<RequestChange[]> {
    const requests = await loadPresentedRequests(tx, [...new Set(this.pending.map((p) => p.requestId))]);
    const byId = new Map(requests.map((r) => [r.id, r]));
    return this.pending.flatMap((p) => {
      const request = byId.get(p.requestId);
      return request ? [{ event: p.event, request }] : [];
    });
  }
}

/** Sends each change to the project's room (spec §7.14); the payload is the presented request. */
export function publishRequestChanges(ctx: AppContext, changes: RequestChange[]): void {
  for (const change of changes) ctx.realtime.emitToProject(change.request.projectId, change.event, change.request);
}
