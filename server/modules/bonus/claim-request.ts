import { and, eq } from 'drizzle-orm';
import { can } from '@common/permissions';
import { BONUS_MESSAGES, type AssignResponse } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { ActorContext } from '../../policies/actor';
import { projectMembers, users } from '../../db/schema';
import { conflict, forbidden, validationError } from '../../lib/errors';
import { requestGuard } from '../../policies/request-policy';
import { moveRequests } from './move-requests';
import { PendingRequestChanges, publishRequestChanges, viewedRequest } from './request-changes';
import { refusal } from './request-state-machine';

export interface ClaimRequestInput {
  projectId: number;
  requestId: number;
  /** Another member to assign to (manager and above); absent means the caller. */
  agentId?: number;
}

/** Checks that the assignee may take requests in the project before anything is written. */
async function checkAssignee({ ctx, actor }: ActorContext, input: ClaimRequestInput, targetId: number): Promise<void> {
  const forSelf = targetId === actor.id;
  if (!forSelf && !can(actor.role, 'request:assign-others')) throw forbidden('Başka bir kullanıcıya talep atama yetkiniz yok');
  const [member] = await ctx.database.db
    .select({ agentActive: projectMembers.agentActive, isActive: users.isActive })
    .from(users)
    .leftJoin(projectMembers, and(eq(projectMembers.userId, users.id), eq(projectMembers.projectId, input.projectId)))
    .where(eq(users.id, targetId))
    .limit(1);
  // A super_admin works in every project without a membership; others must be members.
  const isMember = member?.agentActive !== null && member?.agentActive !== undefined;
  if (!forSelf && (!member?.isActive || !isMember)) throw validationError({ agentId: BONUS_MESSAGES.agentNotMember }, BONUS_MESSAGES.agentNotMember);
  if (isMember && member?.agentActive === false) throw conflict(BONUS_MESSAGES.agentInactive);
}

/**
 * Takes a waiting request for the caller (or, for a manager, for another member). The claim
 * is one conditional UPDATE on the waiting statuses, so of many simultaneous claims exactly one
 * wins and the others get 409 naming who has it. Past the assignee's capacity the claim is not
 * refused: the request is reserved for them and handed over when their load drops.
 */
export async function claimRequest(scope: ActorContext, input: ClaimRequestInput): Promise<AssignResponse> {
  const { ctx, actor } = scope;
  const targetId = input.agentId ?? actor.id;
  await checkAssignee(scope, input, targetId);
  const now = ctx.clock.now();
  const changes = new PendingRequestChanges(input.projectId);
  const { enqueued, presented } = await ctx.database.db.transaction(async (tx) => {
    const outcome = await moveRequests(tx, 'assign', {
      projectId: input.projectId,
      now,
      actor,
      ipAddress: scope.ipAddress,
      rows: [{ id: input.requestId, assignee: targetId, details: { agentId: targetId, assignedBy: actor.id, enqueued: false } }],
      guard: requestGuard('assign', actor, targetId),
      event: { type: 'assigned' },
      audit: { action: 'ASSIGN_BONUS_REQUEST' },
      socket: SOCKET_EVENTS.requestAssigned,
      changes,
      // Past the assignee's capacity the claim is not refused: the request is held for them.
      overCapacity: 'reserve',
    });
    if (outcome.moved.length === 0 && outcome.overCapacity.length === 0) {
      throw await refusal(tx, 'assign', { ...input, actorId: actor.id, targetUserId: targetId });
    }
    // The caller's answer carries their abilities; the socket payloads none.
    const presentedChanges = await changes.present(tx, actor);
    // A repeated claim of a request already reserved for the assignee has no change to show: it is read.
    const request = await viewedRequest(tx, presentedChanges, input.requestId, actor);
    return { enqueued: outcome.overCapacity.length > 0, presented: { changes: presentedChanges, request: request! } };
  });
  publishRequestChanges(ctx, presented.changes);
  return { request: presented.request, enqueued };
}
