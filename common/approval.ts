import { z } from 'zod';

/**
 * Four eyes (a second approver): why a completion waits in 'pending_approval'. The server decides it in the one
 * move operation (server/modules/bonus/completion-target.ts); the screens show it with `approvalReasonText`.
 */
export const CUSTOMER_LIMIT_PERIODS = ['daily', 'monthly'] as const;
export type CustomerLimitPeriod = (typeof CUSTOMER_LIMIT_PERIODS)[number];
export const CUSTOMER_LIMIT_PERIOD_LABELS: Record<CustomerLimitPeriod, string> = { daily: 'Günlük', monthly: 'Aylık' };

export const approvalDetailsSchema = z.object({
  /** The project's approval threshold the amount reached (exact decimal), when that is why. */
  threshold: z.string().nullable(),
  /** The customer limits this completion would cross: what was paid in the period, the limit, this request. */
  customerLimits: z.array(z.object({ period: z.enum(CUSTOMER_LIMIT_PERIODS), used: z.string(), limit: z.string(), amount: z.string() })),
});
export type ApprovalDetails = z.infer<typeof approvalDetailsSchema>;

export const APPROVAL_TEXTS = {
  customerLimit: 'Müşteri limiti aşılıyor',
  threshold: 'Onay eşiği aşıldı',
  /** The completion toast when the completion went for approval. */
  sentForApproval: 'Talep onaya gönderildi',
  approved: 'Talep onaylandı ve tamamlandı',
  rejected: 'Talep reddedildi ve sahibine geri gönderildi',
} as const;

/** '1.250,00 ₺' without depending on the web's formatter (server texts use it too). */
function money(value: string): string {
  return `${Number(value).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ₺`;
}

/** The reasons, one line each, e.g. 'Onay eşiği aşıldı (10.000,00 ₺)', 'Müşteri limiti aşılıyor (Günlük: 4.500,00 ₺ / 5.000,00 ₺ kullanıldı, bu talep 1.000,00 ₺)'. */
export function approvalReasonLines(details: ApprovalDetails): string[] {
  const lines: string[] = [];
  if (details.threshold !== null) lines.push(`${APPROVAL_TEXTS.threshold} (${money(details.threshold)})`);
  for (const l of details.customerLimits) {
    lines.push(`${APPROVAL_TEXTS.customerLimit} (${CUSTOMER_LIMIT_PERIOD_LABELS[l.period]}: ${money(l.used)} / ${money(l.limit)} kullanıldı, bu talep ${money(l.amount)})`);
  }
  return lines;
}

/** The 409 when someone else decided first. */
export function alreadyDecidedMessage(decision: 'approved' | 'rejected' | 'other', name: string | null): string {
  if (decision === 'approved') return `Bu talep zaten ${name ?? 'başka biri'} tarafından onaylandı`;
  if (decision === 'rejected') return `Bu talep zaten ${name ?? 'başka biri'} tarafından reddedildi`;
  return 'Bu talep artık onay beklemiyor';
}
