import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { reachesRole } from '../../policies/user-policy';
import { ACTIVE_STATUSES } from '@common/enums';
import { AGENT_MESSAGES, WORKER_ROLES, agentCreateBody, agentUpdateBody, type Agent } from '@common/schemas/agents';
import { USER_MESSAGES } from '@common/schemas/users';
import type { DbOrTx } from '../../db/client';
import { bonusRequests, projectMembers, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors';
import type { ActorContext } from '../../policies/actor';
import { diffFields, writeAudit } from '../audit';
import { createUser } from '../users';
import { loadManageableUser } from '../users';
import { getAgent } from './list-agents';
import { presenceOf } from './presence';

/** A member of the project the actor may act on; 404 for anyone else, 403 above the actor. */
export async function loadMemberTarget(tx: DbOrTx, actor: ActorContext['actor'], projectId: number, userId: number, workersOnly: boolean) {
  const [row] = await tx
    .select({ user: users, agentActive: projectMembers.agentActive })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (!row || (workersOnly && !WORKER_ROLES.includes(row.user.role))) throw notFound(AGENT_MESSAGES.notFound);
  if (!reachesRole(actor, row.user)) throw forbidden(USER_MESSAGES.higherRole);
  return row;
}

/**
 * Adds a worker to the project: an existing user (who must be an agent or operator and
 * shares a project with the actor, unless super_admin), or a new agent account.
 */
export async function addAgent(scope: ActorContext, { projectId, ...input }: { projectId: number } & z.output<typeof agentCreateBody>): Promise<{ agent: Agent; oneTimePassword: string | null }> {
  const { ctx, actor, ipAddress } = scope;
  if (input.mode === 'new') {
    // One user creation with its one audit row (CREATE_USER, naming the project).
    const created = await createUser(scope, { ...input, role: 'agent', isActive: true, projectIds: [projectId] });
    return { agent: await getAgent(ctx, projectId, created.user.id), oneTimePassword: created.oneTimePassword };
  }
  await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user) throw validationError({ userId: USER_MESSAGES.notFound }, USER_MESSAGES.notFound);
    if (!WORKER_ROLES.includes(user.role)) throw validationError({ userId: AGENT_MESSAGES.notWorkerRole }, AGENT_MESSAGES.notWorkerRole);
    if (!reachesRole(actor, user)) throw forbidden(USER_MESSAGES.higherRole);
    if (actor.role !== 'super_admin') {
      // Someone the actor cannot see (no shared project) is answered as unknown.
      const shared = await tx
        .select({ n: count() })
        .from(projectMembers)
        .where(
          and(
            eq(projectMembers.userId, user.id),
            inArray(projectMembers.projectId, tx.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, actor.id))),
          ),
        );
      if (!shared[0]?.n) throw validationError({ userId: USER_MESSAGES.notFound }, USER_MESSAGES.notFound);
    }
    const inserted = await tx.insert(projectMembers).values({ projectId, userId: user.id }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new AppError('CONFLICT', AGENT_MESSAGES.alreadyMember, { userId: AGENT_MESSAGES.alreadyMember });
    if (input.maxLoad && input.maxLoad !== user.maxLoad) {
      // Capacity is account-wide: only someone who may manage the whole account changes it.
      await loadManageableUser(tx, actor, user.id);
    }
    if (input.maxLoad) await tx.update(users).set({ maxLoad: input.maxLoad, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    await writeAudit(tx, {
      actor: actor,
      action: 'CREATE_AGENT',
      resourceId: user.id,
      details: { username: user.username, maxLoad: input.maxLoad ?? user.maxLoad },
      ipAddress,
      projectId,
    });
  });
  return { agent: await getAgent(ctx, projectId, input.userId), oneTimePassword: null };
}

export async function updateAgent({ ctx, actor, ipAddress }: ActorContext, { projectId, userId, ...input }: { projectId: number; userId: number } & z.output<typeof agentUpdateBody>): Promise<Agent> {
  const capacityChanged = await ctx.database.db.transaction(async (tx) => {
    const target = await loadMemberTarget(tx, actor, projectId, userId, true);
    // Name, e-mail and capacity belong to the account, not to this project: the same rule as
    // PUT /api/users/:id decides (every project of the agent must be one of the actor's).
    await loadManageableUser(tx, actor, userId);
    const next = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as typeof input;
    const changes = diffFields(target.user, next);
    if (Object.keys(next).length) await tx.update(users).set({ ...next, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
    await writeAudit(tx, {
      actor: actor,
      action: 'UPDATE_AGENT',
      resourceId: userId,
      details: { username: target.user.username, changes },
      ipAddress,
      projectId,
    });
    return 'maxLoad' in changes;
  });
  await presenceOf(ctx).refresh(userId, projectId);
  // Capacity belongs to the account: room made by it is handed out in each of their projects.
  if (capacityChanged) ctx.events.publish('capacityChanged', { userId });
  return getAgent(ctx, projectId, userId);
}

/** 'Pasifleştir' / 'Aktifleştir': whether the member takes requests in this project. */
export async function toggleAgent({ ctx, actor, ipAddress }: ActorContext, { projectId, userId, isActive }: { projectId: number; userId: number; isActive: boolean }): Promise<Agent> {
  const reactivated = await ctx.database.db.transaction(async (tx) => {
    const target = await loadMemberTarget(tx, actor, projectId, userId, true);
    await tx
      .update(projectMembers)
      .set({ agentActive: isActive })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    await writeAudit(tx, {
      actor: actor,
      action: 'TOGGLE_AGENT',
      resourceId: userId,
      details: { username: target.user.username, changes: { isActive: { before: target.agentActive, after: isActive } } },
      ipAddress,
      projectId,
    });
    return isActive && !target.agentActive;
  });
  // Switched back on while online: the requests the rules route to them are theirs now.
  if (reactivated) ctx.events.publish('membersBecameEligible', { projectId, userIds: [userId] });
  return getAgent(ctx, projectId, userId);
}

/** Removes the member from the project (never the user). Refused while they carry requests there. */
export async function removeAgent({ ctx, actor, ipAddress }: ActorContext, { projectId, userId }: { projectId: number; userId: number }): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const target = await loadMemberTarget(tx, actor, projectId, userId, true);
    if (target.user.id === actor.id) throw forbidden(AGENT_MESSAGES.self);
    const [active] = await tx
      .select({ n: count() })
      .from(bonusRequests)
      .where(and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.assignedUserId, userId), inArray(bonusRequests.status, [...ACTIVE_STATUSES])));
    if ((active?.n ?? 0) > 0) throw conflict(AGENT_MESSAGES.hasActiveRequests);
    await tx.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    await writeAudit(tx, {
      actor: actor,
      action: 'DELETE_AGENT',
      resourceId: userId,
      details: { username: target.user.username },
      ipAddress,
      projectId,
    });
  });
  // Their sockets in this project lose the right to be there.
  await ctx.realtime.disconnectUserFromProject(userId, projectId);
  await presenceOf(ctx).refresh(userId, projectId);
}
