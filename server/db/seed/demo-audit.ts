import type { HistoricalAuditEntry } from '../../modules/audit';
import type { RequestStatus } from '@common/enums';
import type { RequestEventType } from '@common/schemas/bonus';

/** One step of a seeded request's timeline; an assignment names who got it (`assignee`). */
export type SeedEvent = { type: RequestEventType; actor: number | null; from: RequestStatus | null; to: RequestStatus; reason?: string; assignee?: number; at: Date };

/**
 * The audit rows a seeded request's timeline would have left had its people made those moves
 * through the screens: the same actions and details the move operation writes, by the same
 * person, at the event's time. Imported creations and the project's own closings (cancelled,
 * failed) were the sync's doing, whose batch rows stand for earlier imports, so they get none.
 */
export function demoAuditEntries(
  request: { projectId: number; requestId: number; externalId: string },
  events: SeedEvent[],
  usernames: Map<number, string>,
): HistoricalAuditEntry[] {
  const entries: HistoricalAuditEntry[] = [];
  const by = (id: number | null) => ({ id, username: id === null ? null : (usernames.get(id) ?? null) });
  const base = { projectId: request.projectId, resourceId: request.requestId };
  let assignee: number | null = null;
  for (const e of events) {
    if (e.type === 'created' && e.actor !== null) {
      entries.push({ ...base, at: e.at, actor: by(e.actor), action: 'CREATE_BONUS_REQUEST', details: { source: 'manual', externalId: request.externalId } });
    } else if (e.type === 'assigned' && e.assignee !== undefined && e.actor !== null) {
      assignee = e.assignee;
      entries.push({ ...base, at: e.at, actor: by(e.actor), action: 'ASSIGN_BONUS_REQUEST', details: { agentId: e.assignee, assignedBy: e.actor, enqueued: false } });
    } else if (e.type === 'requeued') {
      entries.push({ ...base, at: e.at, actor: by(e.actor), action: 'REQUEUE_BONUS_REQUEST', details: { previousAssignee: assignee, reason: e.reason ?? '' } });
      assignee = null;
    } else if (e.type === 'completed') {
      entries.push({ ...base, at: e.at, actor: by(e.actor), action: 'COMPLETE_BONUS_REQUEST', details: { assignee, notes: e.reason ?? null } });
    }
  }
  return entries;
}
