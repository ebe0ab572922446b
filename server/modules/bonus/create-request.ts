import { sql } from 'drizzle-orm';
import type { BonusType, RequestStatus } from '@common/enums';
import { BONUS_MESSAGES, type BonusRequest, type CreateRequestInput, type RequestSource } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bonusRequests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { auditRequestChange, PendingRequestChanges, publishRequestChanges, recordRequestEvents, type RequestActor } from './request-changes';

/** One request to create, from the manual form or from a project's own system (sync). */
export interface NewRequest {
  externalId?: string | null;
  customerId?: string | null;
  customerUsername?: string | null;
  customerName?: string | null;
  bonusType?: BonusType;
  /** Exact decimal string. */
  amount?: string;
  description?: string | null;
  /** 1–10 (the manual form offers 1–5). */
  priority?: number;
  /** Imported rows keep their status; manual ones start as new. */
  status?: RequestStatus;
  externalUpdatedAt?: Date | null;
  createdAt?: Date;
}

export interface CreateRequestsInput {
  projectId: number;
  source: RequestSource;
  actor: RequestActor;
  items: NewRequest[];
}

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/**
 * Creates requests inside the caller's transaction: rows, 'created' events and audit, all or
 * nothing. A row whose external id already exists in the project is skipped (its creation is
 * not repeated). Call `publish()` after the transaction commits to send the socket events.
 */
export async function createRequestsInTransaction(
  tx: DbOrTx,
  ctx: AppContext,
  input: CreateRequestsInput,
): Promise<{ requests: BonusRequest[]; skipped: number; publish: () => void }> {
  const now = ctx.clock.now();
  const created: { id: number; status: RequestStatus; externalId: string | null }[] = [];
  for (let i = 0; i < input.items.length; i += CHUNK) {
    const rows = input.items.slice(i, i + CHUNK).map((item) => ({
      projectId: input.projectId,
      externalId: item.externalId ?? null,
      customerId: item.customerId ?? null,
      customerUsername: item.customerUsername ?? null,
      customerName: item.customerName ?? null,
      bonusType: item.bonusType ?? 'other',
      amount: item.amount ?? '0',
      description: item.description ?? null,
      priority: item.priority ?? 3,
      status: item.status ?? 'new',
      source: input.source,
      createdByUserId: input.actor.id,
      externalUpdatedAt: item.externalUpdatedAt ?? null,
      createdAt: item.createdAt ?? now,
      updatedAt: now,
    }));
    created.push(
      ...(await tx
        .insert(bonusRequests)
        .values(rows)
        .onConflictDoNothing({ target: [bonusRequests.projectId, bonusRequests.externalId], where: sql`external_id is not null` })
        .returning({ id: bonusRequests.id, status: bonusRequests.status, externalId: bonusRequests.externalId })),
    );
  }
  const changes = new PendingRequestChanges();
  await recordRequestEvents(
    tx,
    created.map((r) => ({
      requestId: r.id,
      projectId: input.projectId,
      type: 'created' as const,
      actor: input.actor,
      fromStatus: null,
      toStatus: r.status,
      details: { source: input.source },
      at: now,
    })),
  );
  if (input.source === 'manual') {
    for (const r of created) {
      await auditRequestChange(tx, { actor: input.actor, action: 'CREATE_BONUS_REQUEST', projectId: input.projectId, requestId: r.id, details: { source: 'manual', externalId: r.externalId } });
    }
  } else if (created.length > 0) {
    // A sync batch is one change: one audit row naming what it created.
    await auditRequestChange(tx, {
      actor: input.actor,
      action: 'CREATE_BONUS_REQUEST',
      projectId: input.projectId,
      requestId: null,
      details: { source: input.source, count: created.length, externalIds: created.slice(0, 200).map((r) => r.externalId) },
    });
  }
  created.forEach((r) => changes.add(SOCKET_EVENTS.requestCreated, r.id));
  const presented = await changes.present(tx);
  return { requests: presented.map((c) => c.request), skipped: input.items.length - created.length, publish: () => publishRequestChanges(ctx, presented) };
}

/** Creates requests in their own transaction and sends the socket events once it commits. */
export async function createRequests(ctx: AppContext, input: CreateRequestsInput): Promise<{ requests: BonusRequest[]; skipped: number }> {
  const result = await ctx.database.db.transaction((tx) => createRequestsInTransaction(tx, ctx, input));
  result.publish();
  return { requests: result.requests, skipped: result.skipped };
}

/** The manual form (spec §2.4): one request; a repeated external id is refused with 409. */
export async function createManualRequest(ctx: AppContext, input: { projectId: number; actor: RequestActor; body: CreateRequestInput }): Promise<BonusRequest> {
  const { requests } = await createRequests(ctx, { projectId: input.projectId, source: 'manual', actor: input.actor, items: [input.body] });
  const request = requests[0];
  if (!request) throw new AppError('conflict', BONUS_MESSAGES.externalIdTaken, { externalId: BONUS_MESSAGES.externalIdTaken });
  return request;
}
