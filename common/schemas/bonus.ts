import { z } from 'zod';
import { PRIORITY, TABLE } from '../constants';
import { ACTIVE_STATUSES, APPROVAL_STATUSES, BONUS_TYPES, CUSTOMER_SEGMENTS, PROBLEM_STATUSES, REQUEST_STATUSES, WAITING_STATUSES, type RequestStatus } from '../enums';
import { approvalDetailsSchema } from '../approval';
import { abilityFlags } from './abilities';
import { idParam, optionalText } from './api';

/** Turkish texts of the bonus request feature, written once for client and server. */
export const BONUS_MESSAGES = {
  priorityRange: `Öncelik ${PRIORITY.manualMin}-${PRIORITY.manualMax} arasında olmalıdır`,
  priorityNumber: 'Öncelik bir sayı olmalıdır',
  amountInvalid: 'Tutar geçerli bir sayı olmalıdır (en fazla 2 ondalık)',
  bonusTypeInvalid: 'Bonus türü nakit iade, puan veya diğer olmalıdır',
  customerSegmentInvalid: 'Müşteri segmenti VIP, Standart, Yeni Müşteri veya Yüksek Risk olmalıdır',
  externalIdTaken: 'Bu dış referans ile bir talep zaten var',
  requestNotFound: 'Talep bulunamadı',
  agentNotMember: 'Bu kullanıcı projenin üyesi değil',
  agentInactive: 'Bu kullanıcı bu projede talep almıyor',
  notYourRequest: 'Yalnızca talebi üzerine alan kişi veya bir yönetici tamamlayabilir',
  statusInvalid: 'Geçersiz durum filtresi',
  sortByInvalid: 'Geçersiz sıralama alanı',
  sortOrderInvalid: 'Sıralama yönü asc veya desc olmalıdır',
  pageInvalid: 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır',
  limitInvalid: `Sayfa boyutu 1-${TABLE.maxLimit} arasında bir tam sayı olmalıdır`,
  statsInvalid: 'stats true veya false olmalıdır',
  agentIdInvalid: 'Geçersiz kullanıcı',
  completedByNotCaller: 'Talep yalnızca oturumdaki kullanıcı adına tamamlanabilir',
  customerRequired: 'Müşteri kullanıcı adı veya müşteri ID gereklidir',
  amountRequired: "Tutar 0'dan büyük olmalıdır",
  confirmAmountMismatch: 'Doğrulamak için talebin tutarını aynen yazın',
  duplicateCheckRequired: 'Bu talep için olası tekrar var: tamamlamadan önce diğer talepleri kontrol edip "Tekrar olmadığını kontrol ettim" kutusunu işaretleyin',
  requeueReasonRequired: 'Tekrar sıraya alma sebebi seçin',
  notYourRequeue: 'Yalnızca talebi üzerine alan kişi veya yetkili biri tekrar sıraya alabilir',
  fourEyesRequired: 'Kendi onaya gönderdiğiniz talebi onaylayamazsınız; başka bir yönetici onaylamalı',
  notAnApprover: 'Onay vermek için projede yönetici, admin veya süper admin olmalısınız',
  rejectReasonRequired: 'Ret sebebi yazın',
} as const;

export const REQUEST_SOURCES = ['manual', 'sync'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

/**
 * Status groups a list may ask for by name (spec §4 counts): the board loads its
 * columns with them. 'problem' holds cancelled and error.
 */
export const REQUEST_STATUS_GROUPS = {
  waiting: WAITING_STATUSES,
  active: ACTIVE_STATUSES,
  approval: APPROVAL_STATUSES,
  completed: ['completed'],
  problem: PROBLEM_STATUSES,
} as const satisfies Record<string, readonly RequestStatus[]>;
export type RequestStatusGroup = keyof typeof REQUEST_STATUS_GROUPS;

/** 'all', a status, a group, or a comma list of them → the statuses (undefined = every status). */
export function parseStatusFilter(raw: string): RequestStatus[] | undefined | null {
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.includes('all')) return undefined;
  const statuses = new Set<RequestStatus>();
  for (const part of parts) {
    if ((REQUEST_STATUSES as readonly string[]).includes(part)) statuses.add(part as RequestStatus);
    else if (Object.hasOwn(REQUEST_STATUS_GROUPS, part)) REQUEST_STATUS_GROUPS[part as RequestStatusGroup].forEach((s) => statuses.add(s));
    else return null;
  }
  return statuses.size === REQUEST_STATUSES.length ? undefined : REQUEST_STATUSES.filter((s) => statuses.has(s));
}

/** Columns the list may be sorted by; anything else is refused (never passed to SQL). */
export const REQUEST_SORT_COLUMNS = [
  'createdAt',
  'updatedAt',
  'priority',
  'amount',
  'status',
  'bonusType',
  'externalId',
  'customerUsername',
  'customerName',
  'completedAt',
  'id',
  /** The waiting column's order: highest priority first, then the oldest (sortOrder is ignored). */
  'queue',
] as const;
export type RequestSortColumn = (typeof REQUEST_SORT_COLUMNS)[number];
/**
 * How completed work is listed (the board's 'Tamamlanan' column, /bonus filtered to completed): by
 * completion time, newest first, the id breaking ties (index bonus_requests_completed_order_idx).
 */
export const COMPLETED_ORDER = { sortBy: 'completedAt', sortOrder: 'desc' } as const satisfies { sortBy: RequestSortColumn; sortOrder: 'asc' | 'desc' };

const queryFlag = z.enum(['true', 'false', '1', '0'], { error: BONUS_MESSAGES.statsInvalid }).transform((v) => v === 'true' || v === '1');

export const requestListQuery = z.object({
  status: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Boş veya 'all': tümü. Bir durum (new, queued, assigned, in_progress, completed, cancelled, error), " +
        "bir grup (waiting = new+queued, active = assigned+in_progress, problem = cancelled+error) ya da virgülle ayrılmış bir liste.",
    )
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const parsed = parseStatusFilter(raw);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: BONUS_MESSAGES.statusInvalid });
        return z.NEVER;
      }
      return parsed;
    }),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Dış referans, müşteri kullanıcı adı/adı/ID veya açıklamada büyük-küçük harf duyarsız arama')
    .transform((v) => (v ? v : undefined)),
  page: z.coerce.number({ error: BONUS_MESSAGES.pageInvalid }).int(BONUS_MESSAGES.pageInvalid).min(1, BONUS_MESSAGES.pageInvalid).max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: BONUS_MESSAGES.limitInvalid })
    .int(BONUS_MESSAGES.limitInvalid)
    .min(1, BONUS_MESSAGES.limitInvalid)
    .max(TABLE.maxLimit, BONUS_MESSAGES.limitInvalid)
    .default(TABLE.bonusDefaultPageSize),
  sortBy: z.enum(REQUEST_SORT_COLUMNS, { error: BONUS_MESSAGES.sortByInvalid }).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: BONUS_MESSAGES.sortOrderInvalid }).default('desc'),
  stats: queryFlag.optional().describe('true: yanıtta durum sayıları (stats) da döner'),
  agentId: z.coerce
    .number({ error: BONUS_MESSAGES.agentIdInvalid })
    .int(BONUS_MESSAGES.agentIdInvalid)
    .positive(BONUS_MESSAGES.agentIdInvalid)
    .max(2_147_483_647, BONUS_MESSAGES.agentIdInvalid)
    .optional()
    .describe('Yalnızca bu kullanıcıya atanmış talepler (panodaki "Üzerimde" kolonu)'),
});
export type RequestListQuery = z.output<typeof requestListQuery>;
/** What a client puts in the URL (before parsing). */
export type RequestListParams = {
  status?: string;
  search?: string;
  page?: number;
  limit?: number;
  sortBy?: RequestSortColumn;
  sortOrder?: 'asc' | 'desc';
  stats?: boolean;
  agentId?: number;
};

/** Money as the API carries it: a decimal string, never a float. */
const amountInput = z
  .union([z.string(), z.number()], { error: BONUS_MESSAGES.amountInvalid })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => v === '' || /^\d{1,12}(\.\d{1,2})?$/.test(v), BONUS_MESSAGES.amountInvalid)
  .transform((v) => (v === '' ? undefined : v));

/**
 * The manual request form (spec §2.4, §5): external id and username optional (empty values
 * are omitted), priority 1–5 default 3; the other fields of a request are optional too.
 */
export const createRequestFields = z.strictObject({
  externalId: optionalText(100),
  customerUsername: optionalText(100),
  priority: z
    .number({ error: BONUS_MESSAGES.priorityNumber })
    .int(BONUS_MESSAGES.priorityRange)
    .min(PRIORITY.manualMin, BONUS_MESSAGES.priorityRange)
    .max(PRIORITY.manualMax, BONUS_MESSAGES.priorityRange)
    .default(PRIORITY.manualDefault),
  customerName: optionalText(150),
  customerId: optionalText(100),
  bonusType: z.enum(BONUS_TYPES, { error: BONUS_MESSAGES.bonusTypeInvalid }).optional(),
  /** Routing conditions and agent skills read it (issue 11); the form has it under 'Diğer bilgiler'. */
  customerSegment: z.enum(CUSTOMER_SEGMENTS, { error: BONUS_MESSAGES.customerSegmentInvalid }).optional(),
  amount: amountInput.optional(),
  description: optionalText(1000),
});

/** A request nobody can pay (no customer, nothing to pay) is refused: each field says why. */
export function refineCreateRequest(body: { customerUsername?: string; customerId?: string; amount?: string }, ctx: z.RefinementCtx): void {
  if (!body.customerUsername && !body.customerId) ctx.addIssue({ code: 'custom', path: ['customerUsername'], message: BONUS_MESSAGES.customerRequired });
  if (body.amount === undefined || !(Number(body.amount) > 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: BONUS_MESSAGES.amountRequired });
}
export const createRequestBody = createRequestFields.superRefine(refineCreateRequest);
export type CreateRequestBody = z.input<typeof createRequestBody>;
export type CreateRequestInput = z.output<typeof createRequestBody>;

/** POST …/assign: without agentId the caller takes it; a manager or above may name another member. */
export const assignRequestBody = z.strictObject({ agentId: idParam.optional() }).nullish();
/** `completedBy` (spec §7.3) may be sent, but it is always the caller: another id is refused. */
/** `confirmAmount`: at or above the project's completeConfirmAmount, the amount typed by the user. */
/** `duplicateChecked`: the 'Tekrar olmadığını kontrol ettim' tick, required while the request has possible duplicates. */
export const completeRequestBody = z
  .strictObject({
    notes: optionalText(1000),
    completedBy: idParam.optional(),
    confirmAmount: z.string().max(40).optional(),
    duplicateChecked: z.boolean({ error: 'duplicateChecked true veya false olmalıdır' }).optional(),
  })
  .nullish();
export const requeueRequestBody = z.strictObject({ reason: optionalText(200) }).nullish();
export const approveRequestBody = z.strictObject({}).nullish();
/** A rejection always says why: the asker reads it on the card and in the detail. */
export const rejectRequestBody = z.strictObject({
  reason: z.string({ error: BONUS_MESSAGES.rejectReasonRequired }).trim().min(1, BONUS_MESSAGES.rejectReasonRequired).max(500, 'Ret sebebi en fazla 500 karakter olabilir'),
});
/** 'Geri Al': which move to take back, and the version that move left (anything since refuses the undo). */
export const undoRequestBody = z.strictObject({
  action: z.enum(['complete', 'requeue'], { error: 'Geri alınacak işlem complete veya requeue olmalıdır' }),
  version: z.number({ error: 'Sürüm bir tam sayı olmalıdır' }).int().min(1).max(2_147_483_647),
});
export type UndoRequestBody = z.infer<typeof undoRequestBody>;

export const requestParams = z.object({ projectId: idParam, requestId: idParam });

/** Another request a request may duplicate: its id (to open it) and the external reference people know it by. */
export const possibleDuplicateSchema = z.object({ id: z.number().int(), externalId: z.string().nullable() });
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

export const bonusRequestSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  externalId: z.string().nullable(),
  customerId: z.string().nullable(),
  /** The customer's id (the spec's screens call it userId). */
  userId: z.string().nullable(),
  customerUsername: z.string().nullable(),
  customerName: z.string().nullable(),
  bonusType: z.enum(BONUS_TYPES),
  /** 'VIP', 'Standart', 'Yeni Müşteri', 'Yüksek Risk'; null when unknown. */
  customerSegment: z.enum(CUSTOMER_SEGMENTS).nullable().optional(),
  /** Exact decimal in TRY, e.g. "1250.50". */
  amount: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  source: z.enum(REQUEST_SOURCES),
  /** The assignee's user id (the spec's agentId). */
  agentId: z.number().int().nullable(),
  assignedUserName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  reservedForUserId: z.number().int().nullable(),
  /** Whom a waiting request is held for ('X için ayrıldı'). */
  reservedForName: z.string().nullable(),
  /**
   * 'Olası tekrar': every other request of the same customer and bonus type within the project's
   * duplicate window, before or after this one, that may still be paid or was paid (a cancelled or
   * failed one drops out); by id. Empty when there is none.
   */
  possibleDuplicates: z.array(possibleDuplicateSchema),
  completedBy: z.number().int().nullable(),
  completedByName: z.string().nullable(),
  completedAt: z.string().nullable(),
  completionNotes: z.string().nullable(),
  requeueReason: z.string().nullable(),
  /** Four eyes: who sent it for approval, when and why; who approved it; the last rejection's reason and who gave it. */
  approvalRequestedBy: z.number().int().nullable(),
  approvalRequestedByName: z.string().nullable(),
  approvalRequestedAt: z.string().nullable(),
  approvalDetails: approvalDetailsSchema.nullable(),
  approvedBy: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedByName: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type BonusRequest = z.infer<typeof bonusRequestSchema>;

/**
 * What the caller may do to a request, decided by the server (server/policies/request-policy.ts)
 * exactly as the claim, complete and re-queue calls would decide it; the screens offer an
 * action only where it says true. `canApprove`: approve or reject a request waiting for approval
 * (a manager and above of the project who did not ask for it).
 */
export const requestAbilitiesSchema = abilityFlags(['canClaim', 'canComplete', 'canRequeue', 'canApprove']);
export type RequestAbilities = z.infer<typeof requestAbilitiesSchema>;

/**
 * A request as an HTTP response answers it to its signed-in caller: with the caller's abilities.
 * The socket events carry `bonusRequestSchema` (broadcast to the whole project, so no caller's
 * abilities); a screen refetches on them.
 */
export const viewedRequestSchema = bonusRequestSchema.extend({ abilities: requestAbilitiesSchema });
export type ViewedRequest = z.infer<typeof viewedRequestSchema>;

/** Counts of spec §3 "Request statistics": the dashboard's and the bonus screen's shapes together. */
export const requestStatsSchema = z.object({
  total: z.number().int(),
  /** new + queued */
  waiting: z.number().int(),
  /** assigned + in_progress */
  active: z.number().int(),
  completed: z.number().int(),
  /** The bonus screen's name for waiting. */
  new: z.number().int(),
  /** The bonus screen's name for active. */
  inProgress: z.number().int(),
  /** cancelled + error */
  problem: z.number().int(),
  /** Completions waiting for a second person's approval (four eyes). */
  approval: z.number().int(),
});
export type RequestStats = z.infer<typeof requestStatsSchema>;

/**
 * A search counts its matches up to this many (or up to the page asked for, if deeper): past it
 * the answer says `totalCapped: true`, and `total` is the lower bound. Counting every one of
 * 14,000 matches of a common name cost more than finding the page.
 */
export const SEARCH_COUNT_CAP = 10_000;

export const requestListResponse = z.object({
  items: z.array(viewedRequestSchema),
  /** Exact, except for a search past SEARCH_COUNT_CAP matches (then `totalCapped`). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** With `totalCapped`, one more than the counted pages: there is at least one page after them. */
  totalPages: z.number().int(),
  totalCapped: z.boolean().optional(),
  stats: requestStatsSchema.optional(),
});
export type RequestListResponse = z.infer<typeof requestListResponse>;

/** Timeline entries; started/cancelled/failed come from the project's own system (sync). */
export const REQUEST_EVENT_TYPES = ['created', 'assigned', 'routed', 'reserved', 'handed_over', 'started', 'completed', 'requeued', 'complete_undone', 'requeue_undone', 'cancelled', 'failed', 'approval_requested', 'approved', 'rejected'] as const;
export type RequestEventType = (typeof REQUEST_EVENT_TYPES)[number];
export const REQUEST_EVENT_LABELS: Record<RequestEventType, string> = {
  created: 'Oluşturuldu',
  assigned: 'Atandı',
  routed: 'Routing kuralıyla atandı',
  reserved: 'Ayrıldı (kapasite dolu)',
  handed_over: 'Ayrılan talep atandı',
  started: 'İşleme alındı',
  completed: 'Tamamlandı',
  requeued: 'Tekrar sıraya alındı',
  complete_undone: 'Tamamlama geri alındı',
  requeue_undone: 'Sıraya alma geri alındı',
  cancelled: 'İptal edildi',
  failed: 'Hata oluştu',
  approval_requested: 'Onaya gönderildi',
  approved: 'Onaylandı',
  rejected: 'Reddedildi',
};

export const requestEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type RequestEvent = z.infer<typeof requestEventSchema>;

export const requestDetailResponse = z.object({ request: viewedRequestSchema, events: z.array(requestEventSchema) });
export type RequestDetail = z.infer<typeof requestDetailResponse>;

/** A claim past capacity is not refused: the request is reserved and `enqueued` is true. */
export const assignResponse = z.object({ request: viewedRequestSchema, enqueued: z.boolean() });
export type AssignResponse = z.infer<typeof assignResponse>;

/** GET …/requests/mine: the caller's load ('3/5') and their reservations in hand-over order. */
export const myQueueResponse = z.object({
  load: z.number().int(),
  maxLoad: z.number().int(),
  reservations: z.array(viewedRequestSchema),
  /** The project's completeConfirmAmount (exact decimal); null: completing never asks for the amount. */
  completeConfirmAmount: z.string().nullable(),
  /** The project's approval threshold (four eyes, exact decimal); null: off. */
  approvalThreshold: z.string().nullable(),
});
export type MyQueue = z.infer<typeof myQueueResponse>;
