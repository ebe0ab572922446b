import { z } from 'zod';
import { AGENT_STATUSES, ROLES, type Role } from '../enums';
import { PERFORMANCE_LEVELS } from '../agent-metrics';
import { abilityFlags } from './abilities';
import { idParam } from './api';
import { emailField, fullNameField, optionalPasswordField, usernameField } from './users';
import { STATS_PERIODS } from './audit';

/** Members of these roles work the request queue, so the agents screen lists them. */
export const WORKER_ROLES: readonly Role[] = ['agent', 'operator'];

export const AGENT_MESSAGES = {
  notFound: 'Agent bulunamadı',
  loading: 'Agentler yükleniyor...',
  agentIdRequired: 'Agent ID gereklidir',
  reasonRequired: 'Lütfen bir neden belirtin',
  alreadyMember: 'Bu kullanıcı zaten bu projede',
  notWorkerRole: 'Yalnızca agent veya operatör rolündeki kullanıcılar agent olarak eklenebilir',
  hasActiveRequests: 'Üzerinde aktif talepler olan agent projeden çıkarılamaz',
  self: 'Bu işlemi kendinize uygulayamazsınız',
  maxLoadRange: 'Kapasite 1 ile 100 arasında olmalıdır',
  userRequired: 'Kullanıcı seçilmelidir',
} as const;

export const agentSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(AGENT_STATUSES),
  /** Set by the agent (or 'offline' by a force action); null means derived from presence. */
  manualStatus: z.enum(AGENT_STATUSES).nullable(),
  forcedOfflineAt: z.string().nullable(),
  /** Takes requests in this project ('Pasifleştir' / 'Aktifleştir'). */
  isActive: z.boolean(),
  /** The account itself is active (users screen). */
  accountActive: z.boolean(),
  currentLoad: z.number().int(),
  /** The capacity in force: their own, or the project's default when they have none. */
  maxLoad: z.number().int(),
  /** Their own capacity; null = the project's `defaultAgentCapacity` applies. */
  ownMaxLoad: z.number().int().nullable(),
  /** Percent, see PERFORMANCE_DEFINITION; null when nothing was completed in the period. */
  performance: z.number().nullable(),
  totalCompleted: z.number().int(),
  /** Exact decimal as text. */
  totalAmount: z.string(),
  lastActivity: z.string().nullable(),
  joinedAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

export const agentListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum([...AGENT_STATUSES, 'all']).optional(),
  performance: z.enum([...PERFORMANCE_LEVELS, 'all']).optional(),
});
export type AgentListQuery = z.input<typeof agentListQuery>;

/** What the caller may do to an agent, decided by the server (server/policies/agent-policy.ts). */
export const agentAbilitiesSchema = abilityFlags(['toggle', 'force']);
export type AgentAbilities = z.infer<typeof agentAbilitiesSchema>;
/** An agent as the list answers it: with the caller's abilities on them. */
export const listedAgentSchema = agentSchema.extend({ abilities: agentAbilitiesSchema });
export type ListedAgent = z.infer<typeof listedAgentSchema>;

export const agentListSchema = z.object({
  items: z.array(listedAgentSchema),
  totals: z.object({
    total: z.number().int(),
    online: z.number().int(),
    busy: z.number().int(),
    away: z.number().int(),
    offline: z.number().int(),
    /** Agents carrying at least one assigned or in-progress request. */
    withActiveTasks: z.number().int(),
  }),
});
export type AgentList = z.infer<typeof agentListSchema>;

export const agentParams = z.object({ projectId: idParam, id: idParam });
export const forceParams = z.object({ projectId: idParam, agentId: idParam });

const maxLoadField = z.coerce.number({ error: AGENT_MESSAGES.maxLoadRange }).int(AGENT_MESSAGES.maxLoadRange).min(1, AGENT_MESSAGES.maxLoadRange).max(100, AGENT_MESSAGES.maxLoadRange);

/** Add an existing user to the project, or create a new agent user there. */
export const agentCreateBody = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('existing'), userId: idParam, maxLoad: maxLoadField.optional() }),
  z.object({
    mode: z.literal('new'),
    username: usernameField,
    fullName: fullNameField,
    email: emailField,
    password: optionalPasswordField,
    maxLoad: maxLoadField.optional(),
  }),
]);
export const agentCreatedSchema = z.object({ agent: agentSchema, oneTimePassword: z.string().nullable() });

export const agentUpdateBody = z.object({
  fullName: fullNameField.optional(),
  email: emailField.optional(),
  /** null: back to the project's default capacity (the settings' defaultAgentCapacity). */
  maxLoad: maxLoadField.nullable().optional(),
});

export const performanceQuery = z.object({ period: z.enum(STATS_PERIODS).default('7d') });
export const agentPerformanceSchema = z.object({
  agentId: z.number().int(),
  period: z.enum(STATS_PERIODS),
  completed: z.number().int(),
  completedWithinSla: z.number().int(),
  performance: z.number().nullable(),
  totalAmount: z.string(),
  /** Minutes from take-over to completion, averaged; null without completions. */
  averageHandleMinutes: z.number().nullable(),
  currentLoad: z.number().int(),
  maxLoad: z.number().int(),
  daily: z.array(z.object({ date: z.string(), completed: z.number().int(), amount: z.string() })),
});
export type AgentPerformance = z.infer<typeof agentPerformanceSchema>;

/** Optional on the API (dashboard panel); the agents screen requires it on the client. */
export const forceActionBody = z
  .object({ reason: z.string().trim().max(500).optional() })
  // No body at all arrives as null.
  .nullish()
  .transform((b) => ({ reason: b?.reason ? b.reason : undefined }));
export const forceResultSchema = z.object({ agentId: z.number().int(), status: z.enum(AGENT_STATUSES), sessionsEnded: z.number().int() });
/** The agents screen's dialog: a non-empty reason (§5). */
export const forceDialogForm = z.object({
  reason: z.string().trim().min(1, AGENT_MESSAGES.reasonRequired).max(500),
});
/** The dashboard's agent control panel (§5: Agent ID required, reason optional). */
export const agentControlForm = z.object({
  agentId: z.string().trim().min(1, AGENT_MESSAGES.agentIdRequired).regex(/^\d+$/, AGENT_MESSAGES.agentIdRequired),
  reason: z.string().trim().max(500),
});

/** What an agent may set for themself; 'online' returns to the automatic status. */
export const ownStatusBody = z.object({ status: z.enum(AGENT_STATUSES, { error: 'Durum seçilmelidir' }) });
export const ownStatusSchema = z.object({ manualStatus: z.enum(AGENT_STATUSES).nullable() });

/** Payload of the 'agent-status-changed' socket event. */
export const agentStatusChangedSchema = z.object({
  projectId: z.number().int(),
  agentId: z.number().int(),
  status: z.enum(AGENT_STATUSES),
  currentLoad: z.number().int(),
  maxLoad: z.number().int(),
  lastActivity: z.string().nullable(),
});
export type AgentStatusChanged = z.infer<typeof agentStatusChangedSchema>;

export const agentLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
