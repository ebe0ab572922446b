import { z } from 'zod';
import { BONUS_TYPES, REQUEST_STATUSES } from '../enums';

/** Turkish texts of the customer summary, written once for client and server. */
export const CUSTOMER_SUMMARY_MESSAGES = {
  customerRequired: 'Müşteri ID veya müşteri kullanıcı adı gereklidir',
  onlyOne: 'Müşteri ID veya müşteri kullanıcı adından yalnızca birini gönderin',
  tooLong: 'En fazla 100 karakter olabilir',
} as const;

const customerText = z.string().trim().max(100, CUSTOMER_SUMMARY_MESSAGES.tooLong).optional().transform((v) => (v ? v : undefined));

/**
 * GET …/customers/summary: one customer, by the id their requests carry or (for requests without
 * one) by their username, as the customer key compares them (server/db/schema customerKey).
 */
export const customerSummaryQuery = z
  .object({
    customerId: customerText.describe('Müşteri ID (talepte varsa bu gönderilir)'),
    customerUsername: customerText.describe('Müşteri kullanıcı adı (talepte müşteri ID yoksa), büyük-küçük harf duyarsız'),
  })
  .superRefine((q, ctx) => {
    if (q.customerId === undefined && q.customerUsername === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: CUSTOMER_SUMMARY_MESSAGES.customerRequired });
    } else if (q.customerId !== undefined && q.customerUsername !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['customerUsername'], message: CUSTOMER_SUMMARY_MESSAGES.onlyOne });
    }
  });
export type CustomerSummaryQuery = z.output<typeof customerSummaryQuery>;

/** A count of requests and their amount (exact decimal string). */
const countAndAmount = z.object({ count: z.number().int(), amount: z.string() });

/** One of the project's customer limits: the limit, what was paid in the period so far, and what is left (never below 0). */
const limitLeft = z.object({ limit: z.string(), used: z.string(), left: z.string() });

export const customerSummarySchema = z.object({
  /** The customer's last 10 requests in the project, newest first. */
  recent: z.array(
    z.object({
      id: z.number().int(),
      externalId: z.string().nullable(),
      bonusType: z.enum(BONUS_TYPES),
      amount: z.string(),
      status: z.enum(REQUEST_STATUSES),
      createdAt: z.string(),
    }),
  ),
  /** Completed in the last 30 days (by completion time). */
  last30Days: countAndAmount,
  /** Not yet paid: waiting (new, queued), in progress (assigned, in_progress), waiting for approval. */
  open: z.object({ waiting: countAndAmount, inProgress: countAndAmount, pendingApproval: countAndAmount }),
  /** The project's customer limits for today and this month in its time zone; null where the project sets none. */
  limits: z.object({ daily: limitLeft.nullable(), monthly: limitLeft.nullable() }),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** The panel's words (web: customer-summary-panel.tsx), written here once so tests read the same texts. */
export const CUSTOMER_SUMMARY_TEXTS = {
  title: 'Müşteri Geçmişi',
  loading: 'Müşteri geçmişi yükleniyor...',
  failed: 'Müşteri geçmişi yüklenemedi',
  /** The customer has no request in the project but this one. */
  first: 'İlk talebi',
  firstHint: 'Bu müşterinin projede başka talebi yok.',
  recent: 'Son talepler',
  /** 'Bu müşteri son 30 günde 3 bonusla 4.500,00 ₺ aldı' — the amount already formatted. */
  paid: (count: number, amount: string) => (count === 0 ? 'Bu müşteri son 30 günde bonus almadı' : `Bu müşteri son 30 günde ${count} bonusla ${amount} aldı`),
  open: 'Açık talepler',
  dailyLeft: 'Günlük limitten kalan',
  monthlyLeft: 'Aylık limitten kalan',
} as const;
