import { and, desc, eq, inArray } from 'drizzle-orm';
import { BONUS_TYPES } from '@common/enums';
import { createRequestBody } from '@common/schemas/bonus';
import type { AppContext } from '../../context';
import { bonusRequests } from '../../db/schema';
import { BONUS_KINDS, COMPLETION_NOTES, FIRST_NAMES, LAST_NAMES, usernameOf, type Random } from '../../db/seed/demo-request-vocabulary';
import type { ActorContext } from '../../policies/actor';
import { presenceOf } from '../agents';
import { claimRequest, completeRequest } from '../bonus';
import { createManualRequest } from '../intake';
import type { DemoCastMember } from './demo-cast';

/** What one simulated move did, for the log and the tests. */
export type DemoMove = { kind: 'created' | 'claimed' | 'completed'; projectId: number; requestId: number };

/** Requests an agent keeps in hand before finishing some: a person works on a few at a time. */
const HANDS_FULL = 2;

const scopeOf = (ctx: AppContext, actor: DemoCastMember['agent']): ActorContext => ({ ctx, actor, ipAddress: null });

async function create(ctx: AppContext, member: DemoCastMember, random: Random): Promise<DemoMove> {
  const type = random.pick(BONUS_TYPES);
  const kind = BONUS_KINDS[type];
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const amount = Math.round(kind.min + random.next() * (kind.max - kind.min) * 0.4);
  const body = createRequestBody.parse({
    customerName: `${first} ${last}`,
    customerUsername: usernameOf(first, last, random),
    customerId: String(random.int(1_000_000, 9_999_999)),
    bonusType: type,
    amount: String(amount),
    description: random.pick(kind.descriptions),
    priority: random.pick([2, 3, 3, 3, 4]),
  });
  const created = await createManualRequest(scopeOf(ctx, member.desk), { projectId: member.projectId, body });
  return { kind: 'created', projectId: member.projectId, requestId: created.id };
}

/**
 * One move of one demo project, as its people would make it through the screens: the agent
 * finishes what is in hand, or takes the newest waiting request, or the desk types a new one
 * in. Every move goes through the product's own services (creation with routing, the move
 * operation), so the board, sockets, audit log and notifications follow as for anyone; a
 * completion above the approval threshold goes to 'Onay Bekliyor' like anyone's.
 */
export async function demoStep(ctx: AppContext, member: DemoCastMember, random: Random): Promise<DemoMove> {
  const db = ctx.database.db;
  const { projectId, agent } = member;
  await presenceOf(ctx).noteActivity(agent.id);
  const inHand = await db
    .select({ id: bonusRequests.id, amount: bonusRequests.amount })
    .from(bonusRequests)
    .where(and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.assignedUserId, agent.id), inArray(bonusRequests.status, ['assigned', 'in_progress'])))
    .orderBy(bonusRequests.assignedAt)
    .limit(HANDS_FULL + 1);
  const finish = inHand[0];
  if (finish && (inHand.length >= HANDS_FULL || random.chance(0.5))) {
    await completeRequest(scopeOf(ctx, agent), {
      projectId,
      requestId: finish.id,
      notes: random.pick(COMPLETION_NOTES) ?? undefined,
      // What the agent would type and tick in the dialog after looking.
      confirmAmount: finish.amount,
      duplicateChecked: true,
    });
    return { kind: 'completed', projectId, requestId: finish.id };
  }
  if (random.chance(0.5)) {
    const [waiting] = await db
      .select({ id: bonusRequests.id })
      .from(bonusRequests)
      .where(and(eq(bonusRequests.projectId, projectId), inArray(bonusRequests.status, ['new', 'queued'])))
      .orderBy(desc(bonusRequests.createdAt), desc(bonusRequests.id))
      .limit(1);
    if (waiting) {
      await claimRequest(scopeOf(ctx, agent), { projectId, requestId: waiting.id });
      return { kind: 'claimed', projectId, requestId: waiting.id };
    }
  }
  return create(ctx, member, random);
}
