import type { RequestAbilities, ViewedRequest } from '@common/schemas/bonus';

export const NO_ABILITIES: RequestAbilities = { canClaim: false, canComplete: false, canRequeue: false, canApprove: false };

/** A request as the list answers it (a sync import, waiting, no abilities), changed by `overrides`. */
export function viewedRequest(overrides: Partial<ViewedRequest> = {}): ViewedRequest {
  const id = overrides.id ?? 1;
  return {
    id,
    projectId: 1,
    externalId: `GOLD-${id}`,
    customerId: '55',
    userId: '55',
    customerUsername: `oyuncu${id}`,
    customerName: 'Ayşe Kaya',
    bonusType: 'cashback',
    amount: '100.00',
    description: null,
    priority: 4,
    status: 'queued',
    source: 'sync',
    agentId: null,
    assignedUserName: null,
    assignedAt: null,
    reservedForUserId: null,
    reservedForName: null,
    possibleDuplicates: [],
    completedBy: null,
    completedByName: null,
    completedAt: null,
    completionNotes: null,
    requeueReason: null,
    approvalRequestedBy: null,
    approvalRequestedByName: null,
    approvalRequestedAt: null,
    approvalDetails: null,
    approvedBy: null,
    approvedByName: null,
    approvedAt: null,
    rejectedByName: null,
    rejectionReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    abilities: NO_ABILITIES,
    ...overrides,
  };
}
