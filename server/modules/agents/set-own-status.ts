import { eq } from 'drizzle-orm';
import type { AgentStatus } from '@common/enums';
import { users } from '../../db/schema';
import type { ActorContext } from '../../policies/actor';
import { writeAudit } from '../audit';
import { membershipIds } from '../users';
import { presenceOf } from './presence';

/**
 * An agent sets their own status. 'online' returns to the automatic status (presence,
 * load, activity) and lifts a force offline; busy, away and offline hold until changed.
 */
export async function setOwnStatus({ ctx, actor, ipAddress }: ActorContext, { status }: { status: AgentStatus }): Promise<{ manualStatus: AgentStatus | null }> {
  const manualStatus = status === 'online' ? null : status;
  const now = ctx.clock.now();
  const projectIds = await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select({ manualStatus: users.manualStatus }).from(users).where(eq(users.id, actor.id));
    await tx
      .update(users)
      .set({ manualStatus, updatedAt: now, lastActivityAt: now, ...(manualStatus === null ? { forcedOfflineAt: null } : {}) })
      .where(eq(users.id, actor.id));
    const memberOf = await membershipIds(tx, actor.id);
    await writeAudit(tx, {
      actor: actor,
      action: 'SET_AGENT_STATUS',
      resourceId: actor.id,
      details: { changes: { manualStatus: { before: before?.manualStatus ?? null, after: manualStatus } }, projectIds: memberOf },
      ipAddress,
    });
    return memberOf;
  });
  await presenceOf(ctx).refreshUser(actor.id, projectIds);
  return { manualStatus };
}

/** The status the signed-in user chose by hand; null means automatic (from their connection and load). */
export async function getOwnStatus({ ctx, actor }: ActorContext): Promise<{ manualStatus: AgentStatus | null }> {
  const [row] = await ctx.database.db.select({ manualStatus: users.manualStatus }).from(users).where(eq(users.id, actor.id));
  return { manualStatus: row?.manualStatus ?? null };
}
