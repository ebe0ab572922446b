import { z } from 'zod';
import { PRIORITY, ROUTING_PRIORITY } from '../constants';
import {
  AGENT_STATUSES,
  BONUS_TYPES,
  CUSTOMER_SEGMENTS,
  ROLES,
  ROUTING_CONDITION_TYPES,
  ROUTING_CUSTOM_FIELD_OPERATORS,
  ROUTING_CUSTOM_FIELDS,
  ROUTING_CUSTOM_OPERATORS,
  ROUTING_SET_OPERATORS,
  ROUTING_STRATEGIES,
  ROUTING_THRESHOLD_OPERATORS,
  WEEKDAYS,
  type Weekday,
} from '../enums';
import { idParam, requiredString } from './api';
import { BONUS_MESSAGES } from './bonus';
import { TERMS } from '../terms';

/**
 * Routing rules (issue 11, spec §2.14, §3, §4, §5, §7.12): a project's rules that hand each
 * new request to an eligible agent. Shared by the server and the routing screen.
 */
export const ROUTING_MESSAGES = {
  // §5 Routing rule form
  ruleNameRequired: 'Kural adı gereklidir',
  strategyRequired: 'Hedef stratejisi seçilmelidir',
  targetUserRequired: 'Hedef kullanıcı seçilmelidir',
  priorityRange: `${TERMS.ruleOrder} ${ROUTING_PRIORITY.min}-${ROUTING_PRIORITY.max} arasında olmalıdır`,
  conditionsRequired: 'En az bir koşul tanımlanmalıdır',
  conditionsTooMany: 'Bir kuralda en fazla 20 koşul olabilir',
  conditionTypeInvalid: 'Koşul türü seçilmelidir',
  // Condition parameters
  setOperatorInvalid: "'Şunlardan biri' veya 'şunların hiçbiri' seçilmelidir",
  bonusTypesRequired: 'En az bir bonus türü seçilmelidir',
  segmentsRequired: 'En az bir müşteri segmenti seçilmelidir',
  weekdaysRequired: 'En az bir gün seçilmelidir',
  timeInvalid: 'Saat SS:DD biçiminde olmalıdır (ör. 09:30)',
  timeWindowEmpty: 'Başlangıç ve bitiş saati aynı olamaz',
  thresholdOperatorInvalid: '≥ veya ≤ seçilmelidir',
  thresholdRange: `Eşik ${PRIORITY.manualMin}-${PRIORITY.manualMax} arasında bir tam sayı olmalıdır`,
  customFieldInvalid: 'Alan tutar, müşteri kullanıcı adı, dış referans veya açıklama olmalıdır',
  customOperatorInvalid: 'Geçersiz karşılaştırma',
  customOperatorForField: 'Bu alan için bu karşılaştırma kullanılamaz',
  customValueRequired: 'Değer gereklidir',
  customValueNumber: 'Tutar için geçerli bir sayı girin (en fazla 2 ondalık)',
  // Errors of the API
  ruleNotFound: 'Routing kuralı bulunamadı',
  targetUserNotMember: 'Hedef kullanıcı bu projenin aktif bir üyesi değil',
  reorderUnknownRule: 'Sıralamada bu projeye ait olmayan bir kural var',
  reorderDuplicate: 'Sıralamada bir kural birden fazla kez geçiyor',
  reorderAgainstPriority: 'Bir kural, kural sırası daha yüksek bir kuralın önüne taşınamaz; önce kural sırasını değiştirin',
  agentNotFound: 'Agent bulunamadı',
  testAtInvalid: 'Zaman geçerli bir ISO tarih-saat olmalıdır',
  // §8 toasts (titled 'Hata' on failure)
  created: 'Routing kuralı oluşturuldu',
  updated: 'Routing kuralı güncellendi',
  deleted: 'Routing kuralı silindi',
  createFailed: 'Routing kuralı oluşturulamadı',
  updateFailed: 'Routing kuralı güncellenemedi',
  deleteFailed: 'Routing kuralı silinemedi',
  testFailed: 'Test başarısız',
  // §2.14 / §5 screen texts
  empty: 'Kural bulunamadı',
  noConditions: 'Koşul tanımlanmamış',
  createTitle: 'Yeni Routing Kuralı',
  editTitle: 'Routing Kuralını Düzenle',
  deleteConfirm: 'Bu routing kuralını silmek istediğinizden emin misiniz?',
  matchPrefix: 'Kural başarıyla eşleşti! Hedef kullanıcı: ',
} as const;

/**
 * Why a candidate is not eligible, exactly as the trace writes it. Capacity reads
 * 'kapasite dolu 5/5' (load/max); every reason that applies is listed.
 */
export const ROUTING_EXCLUSION = {
  accountInactive: 'hesap pasif',
  memberInactive: 'pasif',
  notMember: 'projenin üyesi değil',
  offline: 'çevrimdışı',
  busy: 'meşgul',
  away: 'uzakta',
  noSkill: 'yetenek yok',
  capacityFull: (load: number, maxLoad: number) => `kapasite dolu ${load}/${maxLoad}`,
} as const;

export const CONDITION_LIMIT = 20;

// ─── Conditions ────────────────────────────────────────────────────────────────

const hhmm = z.string({ error: ROUTING_MESSAGES.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, ROUTING_MESSAGES.timeInvalid);
/** Conditions arrive with their id when edited; the server keeps its own ids. */
const conditionId = z.number().int().positive().max(2_147_483_647).optional();

export const bonusTypeCondition = z.object({
  id: conditionId,
  conditionType: z.literal('bonus_type'),
  operator: z.enum(ROUTING_SET_OPERATORS, { error: ROUTING_MESSAGES.setOperatorInvalid }),
  values: z
    .array(z.enum(BONUS_TYPES), { error: ROUTING_MESSAGES.bonusTypesRequired })
    .min(1, ROUTING_MESSAGES.bonusTypesRequired)
    .max(BONUS_TYPES.length)
    .transform((v) => BONUS_TYPES.filter((t) => v.includes(t))),
});

export const customerSegmentCondition = z.object({
  id: conditionId,
  conditionType: z.literal('customer_segment'),
  operator: z.enum(ROUTING_SET_OPERATORS, { error: ROUTING_MESSAGES.setOperatorInvalid }),
  values: z
    .array(z.enum(CUSTOMER_SEGMENTS), { error: ROUTING_MESSAGES.segmentsRequired })
    .min(1, ROUTING_MESSAGES.segmentsRequired)
    .max(CUSTOMER_SEGMENTS.length)
    .transform((v) => CUSTOMER_SEGMENTS.filter((s) => v.includes(s))),
});

/**
 * Weekdays (ISO, Monday = 1) and a from–to time in the project's time zone. When `to` is
 * earlier than `from` the window crosses midnight: Monday 22:00–06:00 holds from Monday 22:00
 * until Tuesday 06:00 (the day is the day the window opens). `from` is included, `to` is not.
 */
export const timeWindowCondition = z
  .object({
    id: conditionId,
    conditionType: z.literal('time_window'),
    weekdays: z
      .array(z.number({ error: ROUTING_MESSAGES.weekdaysRequired }).int().min(1).max(7), { error: ROUTING_MESSAGES.weekdaysRequired })
      .min(1, ROUTING_MESSAGES.weekdaysRequired)
      .max(7)
      .transform((v): Weekday[] => WEEKDAYS.filter((d) => v.includes(d))),
    from: hhmm,
    to: hhmm,
  })
  .refine((c) => c.from !== c.to, { path: ['to'], message: ROUTING_MESSAGES.timeWindowEmpty });

/** The request's priority, on the one 1–5 scale people see (common/priority.ts), is ≥ or ≤ the value. */
export const priorityThresholdCondition = z.object({
  id: conditionId,
  conditionType: z.literal('priority_threshold'),
  operator: z.enum(ROUTING_THRESHOLD_OPERATORS, { error: ROUTING_MESSAGES.thresholdOperatorInvalid }),
  value: z
    .number({ error: ROUTING_MESSAGES.thresholdRange })
    .int(ROUTING_MESSAGES.thresholdRange)
    .min(PRIORITY.manualMin, ROUTING_MESSAGES.thresholdRange)
    .max(PRIORITY.manualMax, ROUTING_MESSAGES.thresholdRange),
});

const decimalText = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * One comparison on a request field. amount takes =, ≠, >, ≥, <, ≤ and a decimal value;
 * the text fields take =, ≠, contains, starts with (compared case-insensitively, Turkish folding).
 */
export const customCondition = z
  .object({
    id: conditionId,
    conditionType: z.literal('custom'),
    field: z.enum(ROUTING_CUSTOM_FIELDS, { error: ROUTING_MESSAGES.customFieldInvalid }),
    operator: z.enum(ROUTING_CUSTOM_OPERATORS, { error: ROUTING_MESSAGES.customOperatorInvalid }),
    value: requiredString(ROUTING_MESSAGES.customValueRequired).trim().min(1, ROUTING_MESSAGES.customValueRequired).max(200),
  })
  .superRefine((c, ctx) => {
    if (!ROUTING_CUSTOM_FIELD_OPERATORS[c.field].includes(c.operator)) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: ROUTING_MESSAGES.customOperatorForField });
    }
    if (c.field === 'amount' && !decimalText.test(c.value.replace(',', '.'))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: ROUTING_MESSAGES.customValueNumber });
    }
  })
  .transform((c) => (c.field === 'amount' ? { ...c, value: c.value.replace(',', '.') } : c));

/** What a rule's form sends: one of the five condition types with its typed parameters. */
export const routingConditionInput = z.discriminatedUnion(
  'conditionType',
  [bonusTypeCondition, customerSegmentCondition, timeWindowCondition, priorityThresholdCondition, customCondition],
  { error: ROUTING_MESSAGES.conditionTypeInvalid },
);
export type RoutingConditionInput = z.input<typeof routingConditionInput>;
export type RoutingConditionParsed = z.output<typeof routingConditionInput>;

/** A stored condition (the answer): the same shapes, with the server's id. */
export const routingConditionSchema = z.discriminatedUnion('conditionType', [
  z.object({ id: z.number().int(), conditionType: z.literal('bonus_type'), operator: z.enum(ROUTING_SET_OPERATORS), values: z.array(z.enum(BONUS_TYPES)) }),
  z.object({ id: z.number().int(), conditionType: z.literal('customer_segment'), operator: z.enum(ROUTING_SET_OPERATORS), values: z.array(z.enum(CUSTOMER_SEGMENTS)) }),
  z.object({ id: z.number().int(), conditionType: z.literal('time_window'), weekdays: z.array(z.number().int()), from: z.string(), to: z.string() }),
  z.object({ id: z.number().int(), conditionType: z.literal('priority_threshold'), operator: z.enum(ROUTING_THRESHOLD_OPERATORS), value: z.number().int() }),
  z.object({ id: z.number().int(), conditionType: z.literal('custom'), field: z.enum(ROUTING_CUSTOM_FIELDS), operator: z.enum(ROUTING_CUSTOM_OPERATORS), value: z.string() }),
]);
export type RoutingCondition = z.infer<typeof routingConditionSchema>;
/** A condition without its id: what the engine evaluates. */
export type RoutingConditionSpec = RoutingCondition extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

// ─── Rules ─────────────────────────────────────────────────────────────────────

/** §5: name trimmed and required, strategy required, target user when the strategy is user, priority 1–100, ≥ 1 condition. */
export const routingRuleBody = z
  .strictObject({
    ruleName: requiredString(ROUTING_MESSAGES.ruleNameRequired).trim().min(1, ROUTING_MESSAGES.ruleNameRequired).max(120),
    targetStrategy: z.enum(ROUTING_STRATEGIES, { error: ROUTING_MESSAGES.strategyRequired }),
    targetUserId: idParam.nullish(),
    priority: z
      .number({ error: ROUTING_MESSAGES.priorityRange })
      .int(ROUTING_MESSAGES.priorityRange)
      .min(ROUTING_PRIORITY.min, ROUTING_MESSAGES.priorityRange)
      .max(ROUTING_PRIORITY.max, ROUTING_MESSAGES.priorityRange)
      .default(ROUTING_PRIORITY.default),
    isActive: z.boolean().default(true),
    conditions: z
      .array(routingConditionInput, { error: ROUTING_MESSAGES.conditionsRequired })
      .min(1, ROUTING_MESSAGES.conditionsRequired)
      .max(CONDITION_LIMIT, ROUTING_MESSAGES.conditionsTooMany),
  })
  .superRefine((b, ctx) => {
    if (b.targetStrategy === 'user' && !b.targetUserId) {
      ctx.addIssue({ code: 'custom', path: ['targetUserId'], message: ROUTING_MESSAGES.targetUserRequired });
    }
  })
  // Only the user strategy has a target; any other strategy's stray id is dropped.
  .transform((b) => ({ ...b, targetUserId: b.targetStrategy === 'user' ? (b.targetUserId ?? null) : null }));
export type RoutingRuleBody = z.input<typeof routingRuleBody>;
export type RoutingRuleInput = z.output<typeof routingRuleBody>;

export const routingUserRef = z.object({ id: z.number().int(), fullName: z.string(), username: z.string() });

export const routingRuleSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  ruleName: z.string(),
  targetStrategy: z.enum(ROUTING_STRATEGIES),
  targetUserId: z.number().int().nullable(),
  /** Full name and username of the user strategy's target. */
  targetUser: routingUserRef.nullable(),
  priority: z.number().int(),
  isActive: z.boolean(),
  /** Order among rules of the same priority (reorder); lower first. */
  position: z.number().int(),
  conditions: z.array(routingConditionSchema),
  createdBy: routingUserRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const ROUTING_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type RoutingStatusFilter = (typeof ROUTING_STATUS_FILTERS)[number];
/** The list's page size goes up to 500 so the table can show (and reorder) every rule of a project at once. */
export const ROUTING_LIST_MAX_LIMIT = 500;

export const routingRuleListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Kural adında büyük-küçük harf duyarsız arama')
    .transform((v) => (v ? v : undefined)),
  status: z.enum(ROUTING_STATUS_FILTERS, { error: 'Durum all, active veya inactive olmalıdır' }).default('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(ROUTING_LIST_MAX_LIMIT).default(50),
});

/** Rules in evaluation order: priority (highest first), then position. `total` counts the filtered rules. */
export const routingRuleListResponse = z.object({
  items: z.array(routingRuleSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});

export const routingRuleParams = z.object({ projectId: idParam, id: idParam });
export const routingToggleBody = z.strictObject({ isActive: z.boolean({ error: 'isActive true veya false olmalıdır' }) });

/**
 * POST /reorder: rule ids in their new order. It may name every rule or only some (one page,
 * one priority group): the named rules take the positions they held, in the new order. A rule
 * may not be put before one of higher priority (priority decides first).
 */
export const routingReorderBody = z.strictObject({
  ruleIds: z.array(idParam).min(1, 'En az bir kural gönderilmelidir').max(1000),
});
/** The project's rules in their new evaluation order. */
export const routingReorderResponse = z.array(routingRuleSchema);

// ─── Test and simulate ───────────────────────────────────────────────────────────

/**
 * A hypothetical request. priority is a 1–5 level, like the manual form's;
 * `at` (ISO date-time) fixes the moment a time window is checked at, now when omitted.
 */
export const routingTestPayload = z.strictObject({
  bonusType: z.enum(BONUS_TYPES, { error: 'Bonus türü seçilmelidir' }),
  customerSegment: z.enum(CUSTOMER_SEGMENTS, { error: 'Geçersiz müşteri segmenti' }).nullish().transform((v) => v ?? null),
  priority: z
    .number({ error: BONUS_MESSAGES.priorityRange })
    .int(BONUS_MESSAGES.priorityRange)
    .min(PRIORITY.manualMin, BONUS_MESSAGES.priorityRange)
    .max(PRIORITY.manualMax, BONUS_MESSAGES.priorityRange),
  amount: z
    .union([z.string(), z.number()], { error: 'Tutar geçerli bir sayı olmalıdır' })
    .transform((v) => String(v).trim().replace(',', '.'))
    .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), 'Tutar geçerli bir sayı olmalıdır (en fazla 2 ondalık)'),
  at: z.iso.datetime({ offset: true, error: ROUTING_MESSAGES.testAtInvalid }).optional(),
  customerUsername: z.string().trim().max(100).optional(),
  externalId: z.string().trim().max(100).optional(),
  description: z.string().trim().max(1000).optional(),
});
export type RoutingTestPayload = z.input<typeof routingTestPayload>;
export type RoutingTestInput = z.output<typeof routingTestPayload>;

export const conditionTraceSchema = z.object({
  conditionId: z.number().int(),
  conditionType: z.enum(ROUTING_CONDITION_TYPES),
  passed: z.boolean(),
  /** Why, in Turkish: 'Bonus türü Nakit İade; şunlardan biri: Nakit İade, Puan'. */
  reason: z.string(),
});
export type ConditionTrace = z.infer<typeof conditionTraceSchema>;

export const candidateTraceSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /** Presence as routing sees it (the manual status wins over the derived one). */
  status: z.enum(AGENT_STATUSES),
  currentLoad: z.number().int(),
  maxLoad: z.number().int(),
  eligible: z.boolean(),
  /** Every reason the candidate is excluded (ROUTING_EXCLUSION texts); empty when eligible. */
  reasons: z.array(z.string()),
  /** The one the strategy picked. */
  chosen: z.boolean(),
});
export type CandidateTrace = z.infer<typeof candidateTraceSchema>;

export const RULE_OUTCOMES = ['assigned', 'no_match', 'no_eligible_target', 'inactive', 'not_reached'] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];
export const RULE_OUTCOME_LABELS: Record<RuleOutcome, string> = {
  assigned: 'Eşleşti, hedef seçildi',
  no_match: 'Koşullar sağlanmadı',
  no_eligible_target: 'Eşleşti ama uygun hedef yok',
  inactive: 'Kural pasif',
  not_reached: 'Daha önceki bir kural kazandı',
};

export const ruleTraceSchema = z.object({
  ruleId: z.number().int(),
  ruleName: z.string(),
  targetStrategy: z.enum(ROUTING_STRATEGIES),
  priority: z.number().int(),
  isActive: z.boolean(),
  /** Every condition holds. */
  matched: z.boolean(),
  outcome: z.enum(RULE_OUTCOMES),
  conditions: z.array(conditionTraceSchema),
  /** The strategy's candidates: the target for user, the project's agents otherwise. */
  candidates: z.array(candidateTraceSchema),
  targetUser: routingUserRef.nullable(),
  /** One sentence for the screen. */
  summary: z.string(),
});
export type RuleTrace = z.infer<typeof ruleTraceSchema>;

/** POST /{id}/test: does this rule match, whom would it choose, and why. Nothing is assigned. */
export const routingTestResult = z.object({
  matched: z.boolean(),
  targetUser: routingUserRef.nullable(),
  evaluatedAt: z.string(),
  trace: ruleTraceSchema,
});
export type RoutingTestResult = z.infer<typeof routingTestResult>;

/** POST /simulate: which rule would win, with the trace of every rule in evaluation order. */
export const routingSimulateResult = z.object({
  winner: z.object({ ruleId: z.number().int(), ruleName: z.string(), targetUser: routingUserRef }).nullable(),
  evaluatedAt: z.string(),
  rules: z.array(ruleTraceSchema),
});
export type RoutingSimulateResult = z.infer<typeof routingSimulateResult>;

// ─── Stats ───────────────────────────────────────────────────────────────────────

/** Per rule: matches (conditions held for a real request) today and over 7 days, assignments, last match. Days are in the project's time zone. */
export const routingRuleStatsSchema = z.object({
  ruleId: z.number().int(),
  matchesToday: z.number().int(),
  matches7d: z.number().int(),
  assignmentsToday: z.number().int(),
  assignments7d: z.number().int(),
  /** Every assignment the rule ever made. */
  assignmentsTotal: z.number().int(),
  lastMatchedAt: z.string().nullable(),
});
export type RoutingRuleStats = z.infer<typeof routingRuleStatsSchema>;
export const routingStatsResponse = z.object({ items: z.array(routingRuleStatsSchema) });
export type RoutingStats = z.infer<typeof routingStatsResponse>;

// ─── Targets and agent skills ──────────────────────────────────────────────────────

/** A member the user strategy may target (the form's select): every member of the project. */
export const routingTargetSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /** Active account and active in the project. */
  isActive: z.boolean(),
});
export type RoutingTarget = z.infer<typeof routingTargetSchema>;
export const routingTargetsResponse = z.array(routingTargetSchema);

/** The bonus types and customer segments an agent handles (skill_based strategy). */
export const agentSkillsSchema = z.object({
  userId: z.number().int(),
  bonusTypes: z.array(z.enum(BONUS_TYPES)),
  customerSegments: z.array(z.enum(CUSTOMER_SEGMENTS)),
});
export type AgentSkills = z.infer<typeof agentSkillsSchema>;
/** Skills of every agent of the project (agents without any are listed with empty lists). */
export const agentSkillsListResponse = z.array(agentSkillsSchema);
export const agentSkillsParams = z.object({ projectId: idParam, userId: idParam });
export const agentSkillsBody = z.strictObject({
  bonusTypes: z
    .array(z.enum(BONUS_TYPES, { error: 'Geçersiz bonus türü' }))
    .max(BONUS_TYPES.length)
    .transform((v) => BONUS_TYPES.filter((t) => v.includes(t))),
  customerSegments: z
    .array(z.enum(CUSTOMER_SEGMENTS, { error: 'Geçersiz müşteri segmenti' }))
    .max(CUSTOMER_SEGMENTS.length)
    .transform((v) => CUSTOMER_SEGMENTS.filter((s) => v.includes(s))),
});
export type AgentSkillsBody = z.input<typeof agentSkillsBody>;
