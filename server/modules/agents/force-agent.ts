import { eq } from 'drizzle-orm';
import type { AgentStatus } from '@common/enums';
import { AGENT_MESSAGES } from '@common/schemas/agents';
import { SOCKET_EVENTS } from '@common/socket-events';
import { users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { enqueueNotification } from '../notifications';
import { revokeUserSessions } from '../sessions';
import { loadManageableUser } from '../users';
import { loadMemberTarget } from './manage-agents';
import { presenceOf } from './presence';

export interface ForceResult {
  agentId: number;
  status: AgentStatus;
  sessionsEnded: number;
}

/*
 * Scope of the force actions: a session and the manual status belong to the account, not to one
 * project, so either action reaches every project the user works in. An actor may use them only
 * on a user all of whose projects are theirs (loadManageableUser: a super admin always; otherwise
 * 403 "…yalnızca Süper Admin yapabilir" when the user also works elsewhere). docs/security.md.
 */

/**
 * Force offline: the member's manual status becomes 'offline' (routing skips them until
 * they set themselves available again), their sockets get a notice and are closed.
 */
export async function forceOffline({ ctx, actor, ipAddress }: ActorContext, { projectId, agentId, reason }: { projectId: number; agentId: number; reason?: string }): Promise<ForceResult> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await loadMemberTarget(tx, actor, projectId, agentId, false);
    if (row.user.id === actor.id) throw forbidden(AGENT_MESSAGES.self);
    // The status is the account's: it reaches every project of the user (scope above).
    await loadManageableUser(tx, actor, agentId);
    await tx.update(users).set({ manualStatus: 'offline', forcedOfflineAt: now, updatedAt: now }).where(eq(users.id, agentId));
    await writeAudit(tx, {
      actor: actor,
      action: 'FORCE_OFFLINE',
      resourceId: agentId,
      details: { username: row.user.username, reason: reason ?? null, previousManualStatus: row.user.manualStatus },
      ipAddress,
      projectId,
    });
    await enqueueNotification(ctx, tx, {
      projectId,
      event: 'agent_forced_offline',
      lines: [`${row.user.fullName} (${row.user.username}) ${actor.username} tarafından çevrimdışı yapıldı.`, ...(reason ? [`Neden: ${reason}`] : [])],
    });
  });
  ctx.realtime.disconnectUser(agentId, SOCKET_EVENTS.forcedOffline, { projectId, reason: reason ?? null, by: actor.username });
  const status = (await presenceOf(ctx).refresh(agentId, projectId)) ?? 'offline';
  return { agentId, status, sessionsEnded: 0 };
}

/** Force logout: every session of the member ends at once; their sockets close. */
export async function forceLogout({ ctx, actor, ipAddress }: ActorContext, { projectId, agentId, reason }: { projectId: number; agentId: number; reason?: string }): Promise<ForceResult> {
  const sessionsEnded = await ctx.database.db.transaction(async (tx) => {
    const row = await loadMemberTarget(tx, actor, projectId, agentId, false);
    if (row.user.id === actor.id) throw forbidden(AGENT_MESSAGES.self);
    // Every session of the account ends: that reaches every project of the user.
    await loadManageableUser(tx, actor, agentId);
    const ended = await revokeUserSessions(ctx, agentId, 'force_logout', tx);
    await writeAudit(tx, {
      actor: actor,
      action: 'FORCE_LOGOUT',
      resourceId: agentId,
      details: { username: row.user.username, reason: reason ?? null, sessionsEnded: ended },
      ipAddress,
      projectId,
    });
    await enqueueNotification(ctx, tx, {
      projectId,
      event: 'agent_forced_logout',
      lines: [`${row.user.fullName} (${row.user.username}) oturumu ${actor.username} tarafından sonlandırıldı.`, ...(reason ? [`Neden: ${reason}`] : [])],
    });
    return ended;
  });
  const status = (await presenceOf(ctx).refresh(agentId, projectId)) ?? 'offline';
  return { agentId, status, sessionsEnded };
}
