import { approvalReasonLines } from '@common/approval';
import { ROLES } from '@common/enums';
import { can } from '@common/permissions';
import type { BonusRequest } from '@common/schemas/bonus';
import type { AppContext } from '../../context';
import { enqueueNotification } from './enqueue-notification';

/** Who may approve: the roles with `request:approve` (manager, admin, super admin), read from the permission matrix. */
const APPROVER_ROLES = ROLES.filter((role) => can(role, 'request:approve'));

const money = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

/** The Turkish lines of the message; the first one alone is the SMS, so it names everything. */
function approvalRequestLines(request: BonusRequest): string[] {
  const ref = request.externalId ?? `#${request.id}`;
  const customer = request.customerName ?? request.customerUsername ?? request.customerId ?? 'müşteri bilinmiyor';
  const asker = request.approvalRequestedByName ?? 'Bilinmeyen kullanıcı';
  const amount = money.format(Number(request.amount));
  return [
    `Talep ${ref} (${customer}, ${amount}) ${asker} tarafından onaya gönderildi.`,
    `Dış referans: ${ref}`,
    `Tutar: ${amount}`,
    `Müşteri: ${customer}${request.customerUsername && request.customerUsername !== customer ? ` (${request.customerUsername})` : ''}`,
    `Onaya gönderen: ${asker}`,
    ...(request.approvalDetails ? approvalReasonLines(request.approvalDetails).map((line) => `Neden: ${line}`) : []),
  ];
}

/**
 * Four eyes: tells the project's approvers (active members who may approve, never the person who
 * asked) that a completion waits for them. Runs on the `approvalRequested` event, after the move
 * committed; the project's notification settings decide the channels, as for every event. The
 * dedupe key (request and the moment it was asked) tells each asking once, however often the
 * event arrives; a request rejected and asked again is a new asking.
 */
export async function notifyApprovers(ctx: AppContext, { projectId, request }: { projectId: number; request: BonusRequest }): Promise<number> {
  if (request.status !== 'pending_approval' || !request.approvalRequestedAt) return 0;
  return enqueueNotification(ctx, ctx.database.db, {
    projectId,
    event: 'approval_requested',
    dedupeKey: `approval_requested:${request.id}:${Date.parse(request.approvalRequestedAt)}`,
    audience: { roles: APPROVER_ROLES, except: request.approvalRequestedBy },
    lines: approvalRequestLines(request),
  });
}
