import type { RequestStatus } from '@common/enums';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { createRequestsInTransaction } from '../intake';
import type { ImportedRequest } from './external-contract';
import type { Actor } from '../../policies/actor';

export const SYNC_ACTOR_NAME = 'Bridge Sync';
/** Who creates and changes imported requests in their timelines and the audit log. */
export const SYNC_ACTOR: Actor = { id: null, username: SYNC_ACTOR_NAME, fullName: SYNC_ACTOR_NAME };

export interface CreatedRequest {
  id: number;
  externalId: string;
  status: RequestStatus;
}

/**
 * Creates the batch's new requests through the bonus module's creation path, the same as a
 * manual request (rows, 'created' events, one audit row for the batch, socket events after the
 * commit): one call per batch, inside the caller's transaction. A row whose external id appeared
 * meanwhile is skipped, never duplicated. `publish()` must be called after the commit.
 */
export async function importRequestBatch(
  tx: DbOrTx,
  ctx: AppContext,
  input: { projectId: number; items: ImportedRequest[] },
): Promise<{ created: CreatedRequest[]; publish: () => void }> {
  if (input.items.length === 0) return { created: [], publish: () => undefined };
  const { created, publish } = await createRequestsInTransaction(tx, ctx, {
    projectId: input.projectId,
    source: 'sync',
    actor: SYNC_ACTOR,
    items: input.items.map((r) => ({
      externalId: r.externalId,
      customerId: r.customerId,
      customerUsername: r.customerUsername,
      customerName: r.customerName,
      bonusType: r.bonusType,
      customerSegment: r.customerSegment,
      amount: r.amount,
      description: r.description,
      priority: r.priority,
      status: r.status.initial,
      externalUpdatedAt: r.externalUpdatedAt,
      createdAt: r.createdAt,
    })),
  });
  return { created: created.map((r) => ({ id: r.id, externalId: r.externalId!, status: r.status })), publish };
}
