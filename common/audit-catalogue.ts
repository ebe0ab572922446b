import { z } from 'zod';
import { approvalDetailsSchema } from './approval';
import { EXPORT_FORMATS, REPORT_TYPES } from './analytics';
import {
  AGENT_STATUSES,
  AUDIT_CATEGORIES,
  AUDIT_CATEGORY_LABELS,
  AUDIT_SEVERITIES,
  AUDIT_SEVERITY_LABELS,
  ROLES,
  ROUTING_STRATEGIES,
  SYNC_STATUSES,
  SYNC_TYPES,
  type AuditAction,
  type AuditCategory,
  type AuditSeverity,
} from './enums';
import { API_TOKEN_ABILITIES } from './schemas/api-tokens';
import { WEBHOOK_EVENTS } from './schemas/webhooks';
import { possibleDuplicateSchema, REQUEST_SOURCES } from './schemas/bonus';
import { projectSchema } from './schemas/projects';
import { routingRuleSchema } from './schemas/routing';

/**
 * Every audit action, once: what it is about (resource), how grave it is (severity), its
 * category, its Turkish label and the shape of its `details`. `writeAudit` takes the row's
 * resource, severity and category from here, and checks `details` against the schema by type
 * and at run time; the audit screen's filters and labels read it too.
 */

/** What an audit row is about, with its Turkish name. */
export const AUDIT_RESOURCE_LABELS = {
  agent: 'Agent',
  auth: 'Oturum',
  session: 'Oturum',
  bonus_request: 'Talep',
  project: 'Proje',
  project_settings: 'Proje ayarları',
  system_settings: 'Sistem ayarları',
  report: 'Rapor',
  routing_rule: 'Routing kuralı',
  sync_log: 'Senkronizasyon',
  user: 'Kullanıcı',
} as const;
export type AuditResource = keyof typeof AUDIT_RESOURCE_LABELS;

// ---- Shared pieces of details ----------------------------------------------------------------

/** No details: the row says it all. */
const none = z.strictObject({});
const id = z.number().int();
const ids = z.array(id);
/** The before/after of the fields that changed (`diffFields`). */
export const changesSchema = z.record(z.string(), z.strictObject({ before: z.unknown(), after: z.unknown() }));
const userChange = z.strictObject({ username: z.string(), changes: changesSchema, projectIds: ids });
const agentChange = z.strictObject({ username: z.string(), changes: changesSchema });
const forced = { username: z.string(), reason: z.string().nullable() };
/** A routing rule as it was and as it is: the whole rule, the flag toggled, the order, or null (none yet, or gone). */
const ruleState = z.union([routingRuleSchema, z.strictObject({ isActive: z.boolean() }), z.strictObject({ ruleIds: ids }), z.null()]);
const ruleChange = z.strictObject({ before: ruleState, after: ruleState });
const syncEnd = {
  syncType: z.enum(SYNC_TYPES),
  status: z.enum(SYNC_STATUSES),
  errorMessage: z.string().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
};
const syncEndFull = { ...syncEnd, rowsTotal: z.number().int().nullable(), rowsFailed: z.number().int() };
/** A wrong 2FA code: where it was given; at sign-in, whether it locked the account. */
const totpStep = z.enum(['login', 'enable', 'regenerate', 'disable']);
const failedLoginReason = z.enum(['unknown_user', 'locked', 'locked_now', 'inactive', 'wrong_password', 'wrong_current_password', 'totp_off']);
const skills = z.strictObject({ bonusTypes: z.array(z.string()), customerSegments: z.array(z.string()) });

// ---- The catalogue ---------------------------------------------------------------------------

interface AuditCatalogueEntry {
  label: string;
  resource: AuditResource;
  /** Where one action is written about two kinds of thing: the others a caller may name. */
  otherResources?: readonly AuditResource[];
  severity: AuditSeverity;
  /** Where the case decides the severity (e.g. a security setting changed): the others a caller may choose. */
  otherSeverities?: readonly AuditSeverity[];
  category: AuditCategory;
  /** Never carries a password, code, secret or challenge (write-audit scrubs such keys anyway). */
  details: z.ZodType<Record<string, unknown>>;
}

const request = { resource: 'bonus_request', severity: 'low', category: 'data' } as const;
/** A completion of a request with possible duplicates: the ones the person ticked 'Tekrar olmadığını kontrol ettim' for. */
const duplicatesChecked = z.array(possibleDuplicateSchema);
const totp = { resource: 'user', category: 'security' } as const;
const routingRule = { resource: 'routing_rule', severity: 'medium', category: 'system', details: ruleChange } as const;

export const AUDIT_CATALOGUE = {
  LOGIN: {
    label: 'Giriş',
    resource: 'session',
    severity: 'low',
    category: 'auth',
    details: z.strictObject({ secondFactor: z.enum(['doğrulama kodu', 'yedek kod']).optional() }),
  },
  LOGOUT: { label: 'Çıkış', resource: 'session', severity: 'low', category: 'auth', details: none },
  FAILED_LOGIN: {
    label: 'Başarısız giriş',
    resource: 'auth',
    severity: 'medium',
    otherSeverities: ['high'],
    category: 'auth',
    details: z.strictObject({ reason: failedLoginReason, step: z.literal('totp').optional() }),
  },
  TOKEN_REUSE_DETECTED: {
    label: 'Yenileme anahtarı yeniden kullanıldı',
    resource: 'session',
    severity: 'critical',
    category: 'security',
    details: z.strictObject({ note: z.string() }),
  },
  CREATE_BONUS_REQUEST: {
    label: 'Talep oluşturuldu',
    ...request,
    details: z.union([
      z.strictObject({ source: z.literal('manual'), externalId: z.string().nullable() }),
      // A sync batch: one row naming (the first 200 of) what it created.
      z.strictObject({ source: z.enum(REQUEST_SOURCES), count: z.number().int(), externalIds: z.array(z.string().nullable()) }),
    ]),
  },
  ASSIGN_BONUS_REQUEST: {
    label: 'Talep atandı',
    ...request,
    details: z.union([
      z.strictObject({ agentId: id, assignedBy: id, enqueued: z.boolean() }),
      z.strictObject({ agentId: id, fromReservation: z.boolean(), causedBy: z.strictObject({ requestId: id, action: z.string() }) }),
    ]),
  },
  COMPLETE_BONUS_REQUEST: {
    label: 'Talep tamamlandı',
    ...request,
    details: z.strictObject({ assignee: id.nullable(), notes: z.string().nullable(), duplicatesChecked: duplicatesChecked.optional() }),
  },
  REQUEUE_BONUS_REQUEST: {
    label: 'Talep tekrar sıraya alındı',
    ...request,
    details: z.strictObject({ previousAssignee: id.nullable(), reason: z.string() }),
  },
  REQUEST_BONUS_APPROVAL: {
    label: 'Talep onaya gönderildi',
    ...request,
    details: z.strictObject({ assignee: id.nullable(), notes: z.string().nullable(), approval: approvalDetailsSchema, duplicatesChecked: duplicatesChecked.optional() }),
  },
  APPROVE_BONUS_REQUEST: {
    label: 'Talep onaylandı',
    ...request,
    details: z.strictObject({ askedBy: id.nullable() }),
  },
  REJECT_BONUS_REQUEST: {
    label: 'Talep reddedildi',
    ...request,
    details: z.strictObject({ askedBy: id.nullable(), reason: z.string() }),
  },
  UNDO_COMPLETE_BONUS_REQUEST: { label: 'Tamamlama geri alındı', ...request, details: z.strictObject({ undoes: id, assignee: id }) },
  UNDO_REQUEUE_BONUS_REQUEST: { label: 'Sıraya alma geri alındı', ...request, details: z.strictObject({ undoes: id, assignee: id }) },
  CREATE_USER: {
    label: 'Kullanıcı oluşturuldu',
    resource: 'user',
    severity: 'medium',
    category: 'user',
    details: z.strictObject({
      username: z.string(),
      fullName: z.string(),
      email: z.string().nullable(),
      role: z.enum(ROLES),
      isActive: z.boolean(),
      generatedPassword: z.boolean(),
      projectIds: ids,
    }),
  },
  UPDATE_USER: {
    label: 'Kullanıcı güncellendi',
    resource: 'user',
    severity: 'medium',
    otherSeverities: ['high'],
    category: 'user',
    details: userChange.extend({ projectsAdded: ids, projectsRemoved: ids }),
  },
  UPDATE_USER_ROLE: {
    label: 'Rol değiştirildi',
    resource: 'user',
    severity: 'high',
    otherSeverities: ['medium'],
    category: 'user',
    // From the user form (with its membership changes) or from role management.
    details: userChange.extend({ projectsAdded: ids.optional(), projectsRemoved: ids.optional() }),
  },
  TOGGLE_USER: { label: 'Kullanıcı durumu değişti', resource: 'user', severity: 'medium', otherSeverities: ['high'], category: 'user', details: userChange },
  DELETE_USER: {
    label: 'Kullanıcı silindi',
    resource: 'user',
    severity: 'high',
    category: 'user',
    details: z.strictObject({ username: z.string(), fullName: z.string(), role: z.enum(ROLES), projectIds: ids }),
  },
  RESET_PASSWORD: {
    label: 'Şifre sıfırlandı',
    resource: 'user',
    severity: 'high',
    category: 'security',
    details: z.strictObject({ username: z.string(), projectIds: ids }),
  },
  CHANGE_PASSWORD: { label: 'Şifre değiştirildi', resource: 'user', severity: 'medium', category: 'security', details: none },
  CREATE_PROJECT: {
    label: 'Proje oluşturuldu',
    resource: 'project',
    severity: 'medium',
    category: 'system',
    details: z.strictObject({
      ...projectSchema.pick({ code: true, name: true, baseUrl: true, dbType: true, dbHost: true, dbPort: true, dbName: true, dbUser: true, isActive: true }).shape,
      credentialSet: z.boolean(),
    }),
  },
  UPDATE_PROJECT: {
    label: 'Proje güncellendi',
    resource: 'project',
    severity: 'medium',
    category: 'system',
    details: z.strictObject({ code: z.string(), changes: changesSchema, credentialChanged: z.boolean() }),
  },
  TOGGLE_PROJECT: {
    label: 'Proje durumu değişti',
    resource: 'project',
    severity: 'medium',
    otherSeverities: ['high'],
    category: 'system',
    details: z.strictObject({ code: z.string(), changes: changesSchema }),
  },
  DELETE_PROJECT: {
    label: 'Proje silindi',
    resource: 'project',
    severity: 'critical',
    category: 'system',
    details: z.strictObject({ code: z.string(), name: z.string() }),
  },
  CREATE_API_TOKEN: {
    label: 'API anahtarı oluşturuldu',
    resource: 'project',
    severity: 'high',
    category: 'security',
    details: z.strictObject({ keyId: id, name: z.string(), abilities: z.array(z.enum(API_TOKEN_ABILITIES)), expiresAt: z.string().nullable() }),
  },
  REVOKE_API_TOKEN: {
    label: 'API anahtarı iptal edildi',
    resource: 'project',
    severity: 'medium',
    category: 'security',
    details: z.strictObject({ keyId: id, name: z.string() }),
  },
  CREATE_WEBHOOK: {
    label: 'Webhook oluşturuldu',
    resource: 'project',
    severity: 'high',
    category: 'security',
    details: z.strictObject({ webhookId: id, url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), isActive: z.boolean() }),
  },
  UPDATE_WEBHOOK: {
    label: 'Webhook güncellendi',
    resource: 'project',
    severity: 'medium',
    category: 'security',
    details: z.strictObject({ webhookId: id, changes: changesSchema }),
  },
  DELETE_WEBHOOK: {
    label: 'Webhook silindi',
    resource: 'project',
    severity: 'medium',
    category: 'security',
    details: z.strictObject({ webhookId: id, url: z.string() }),
  },
  ROTATE_WEBHOOK_SECRET: {
    label: 'Webhook anahtarı yenilendi',
    resource: 'project',
    severity: 'medium',
    category: 'security',
    details: z.strictObject({ webhookId: id, url: z.string() }),
  },
  CREATE_AGENT: {
    label: 'Agent eklendi',
    resource: 'agent',
    severity: 'medium',
    // The personnel sync creates the user account itself, at low severity.
    otherResources: ['user'],
    otherSeverities: ['low'],
    category: 'user',
    details: z.union([
      z.strictObject({ username: z.string(), maxLoad: z.number().int().nullable() }),
      z.strictObject({ source: z.literal('sync'), username: z.string(), externalPersonnelId: z.string() }),
    ]),
  },
  UPDATE_AGENT: { label: 'Agent güncellendi', resource: 'agent', severity: 'low', category: 'user', details: agentChange },
  TOGGLE_AGENT: { label: 'Agent durumu değişti', resource: 'agent', severity: 'medium', category: 'user', details: agentChange },
  DELETE_AGENT: { label: 'Agent çıkarıldı', resource: 'agent', severity: 'medium', category: 'user', details: z.strictObject({ username: z.string() }) },
  SET_AGENT_STATUS: {
    label: 'Durum seçildi',
    resource: 'user',
    severity: 'low',
    category: 'user',
    details: z.strictObject({ changes: changesSchema, projectIds: ids }),
  },
  FORCE_OFFLINE: {
    label: 'Zorla çevrimdışı yapıldı',
    resource: 'agent',
    severity: 'high',
    category: 'security',
    details: z.strictObject({ ...forced, previousManualStatus: z.enum(AGENT_STATUSES).nullable() }),
  },
  FORCE_LOGOUT: {
    label: 'Oturumu sonlandırıldı',
    resource: 'agent',
    severity: 'high',
    category: 'security',
    details: z.strictObject({ ...forced, sessionsEnded: z.number().int() }),
  },
  SYNC_STARTED: {
    label: 'Senkronizasyon başladı',
    resource: 'sync_log',
    severity: 'low',
    category: 'data',
    details: z.strictObject({
      syncType: z.enum(SYNC_TYPES),
      forceFullSync: z.boolean(),
      trigger: z.enum(['manual', 'schedule']),
      dateFrom: z.string().nullable(),
      dateTo: z.string().nullable(),
    }),
  },
  SYNC_FINISHED: { label: 'Senkronizasyon bitti', resource: 'sync_log', severity: 'low', category: 'data', details: z.strictObject(syncEndFull) },
  SYNC_FAILED: {
    label: 'Senkronizasyon başarısız',
    resource: 'sync_log',
    severity: 'medium',
    category: 'system',
    // A job the server's restart cut off has no totals or failure count.
    details: z.union([z.strictObject(syncEndFull), z.strictObject(syncEnd)]),
  },
  SYSTEM_CONFIG_CHANGE: {
    label: 'Ayarlar değiştirildi',
    resource: 'system_settings',
    otherResources: ['project_settings'],
    severity: 'medium',
    // High when a security field (session timeout, login attempts, 2FA roles) changed.
    otherSeverities: ['high'],
    category: 'system',
    details: z.strictObject({ changes: changesSchema }),
  },
  TOTP_SETUP_STARTED: { label: '2FA kurulumu başladı', ...totp, severity: 'low', details: none },
  TOTP_ENABLED: { label: '2FA etkinleştirildi', ...totp, severity: 'medium', details: none },
  TOTP_DISABLED: { label: '2FA kapatıldı', ...totp, severity: 'high', details: z.strictObject({ with: z.enum(['totp', 'backup']) }) },
  TOTP_BACKUP_CODE_USED: { label: 'Yedek kod kullanıldı', ...totp, severity: 'medium', details: none },
  TOTP_BACKUP_CODES_REGENERATED: { label: 'Yedek kodlar yenilendi', ...totp, severity: 'medium', details: none },
  TOTP_CODE_FAILED: {
    label: 'Hatalı 2FA kodu',
    ...totp,
    severity: 'medium',
    // High when the wrong code locked the account.
    otherSeverities: ['high'],
    details: z.strictObject({ step: totpStep, lockedNow: z.boolean().optional() }),
  },
  /** The right password of a 2FA account: a code is asked for (abandoned ones show here). */
  TOTP_CHALLENGE_ISSUED: { label: '2FA kodu istendi', ...totp, severity: 'low', details: none },
  TOTP_RESET: {
    label: '2FA sıfırlandı',
    ...totp,
    severity: 'high',
    details: z.strictObject({ username: z.string(), reason: z.string(), wasEnabled: z.boolean() }),
  },
  EXPORT_DATA: {
    label: 'Dışa aktarıldı',
    resource: 'report',
    otherResources: ['bonus_request'],
    severity: 'low',
    category: 'data',
    details: z.union([
      z.strictObject({ type: z.enum(REPORT_TYPES), format: z.enum(EXPORT_FORMATS), from: z.string(), to: z.string() }),
      // A request export names the list filters it applied.
      z.strictObject({ format: z.enum(EXPORT_FORMATS), filters: z.record(z.string(), z.unknown()) }),
    ]),
  },
  CREATE_ROUTING_RULE: { label: 'Routing kuralı oluşturuldu', ...routingRule },
  UPDATE_ROUTING_RULE: { label: 'Routing kuralı güncellendi', ...routingRule },
  TOGGLE_ROUTING_RULE: { label: 'Routing kuralı durumu değişti', ...routingRule },
  DELETE_ROUTING_RULE: { label: 'Routing kuralı silindi', ...routingRule },
  REORDER_ROUTING_RULES: { label: 'Routing kuralları sıralandı', ...routingRule },
  UPDATE_AGENT_SKILLS: {
    label: 'Agent yetenekleri güncellendi',
    resource: 'agent',
    severity: 'low',
    category: 'user',
    details: z.strictObject({ before: skills, after: skills }),
  },
  ROUTE_BONUS_REQUEST: {
    label: 'Talep kuralla atandı',
    ...request,
    details: z.union([
      z.strictObject({
        agentId: id,
        ruleId: id,
        ruleName: z.string(),
        strategy: z.enum(ROUTING_STRATEGIES),
        handOut: z.boolean().optional(),
      }),
      // A bulk import's routing: one row naming (the first 200 of) what went to whom.
      z.strictObject({ count: z.number().int(), assignments: z.array(z.strictObject({ requestId: id, agentId: id, ruleId: id })) }),
    ]),
  },
  LEASE_EXPIRED: {
    label: 'Atama süresi doldu',
    ...request,
    details: z.strictObject({ previousAssignee: id.nullable(), reason: z.string(), leaseMinutes: z.number().int() }),
  },
} as const satisfies Record<AuditAction, AuditCatalogueEntry>;

type Catalogue = typeof AUDIT_CATALOGUE;

/** The details an action's row carries, as a caller writes them. */
export type AuditDetails<A extends AuditAction> = z.input<Catalogue[A]['details']>;

/** The severities a caller may choose for the action: never where the catalogue fixes it. */
export type AuditSeverityChoice<A extends AuditAction> = A extends AuditAction
  ? Catalogue[A] extends { otherSeverities: readonly (infer S)[] }
    ? S | Catalogue[A]['severity']
    : never
  : never;

/** The resources a caller may name for the action: never where the catalogue fixes it. */
export type AuditResourceChoice<A extends AuditAction> = A extends AuditAction
  ? Catalogue[A] extends { otherResources: readonly (infer R)[] }
    ? R | Catalogue[A]['resource']
    : never
  : never;

/** The actions whose rows are about the given resource (e.g. every request change). */
export type AuditActionOn<R extends AuditResource> = { [A in AuditAction]: Catalogue[A]['resource'] extends R ? A : never }[AuditAction];

/** The catalogue entry as plain data (for code that takes the action at run time). */
export function auditEntryOf(action: AuditAction): AuditCatalogueEntry {
  return AUDIT_CATALOGUE[action];
}

// ---- What the screens read -------------------------------------------------------------------

const entries: AuditCatalogueEntry[] = Object.values(AUDIT_CATALOGUE);

/** Filter options: the severities and categories some action is written with, in their usual order. */
export const AUDIT_SEVERITY_OPTIONS = AUDIT_SEVERITIES.filter((s) => entries.some((e) => e.severity === s || e.otherSeverities?.includes(s))).map(
  (value) => ({ value, label: AUDIT_SEVERITY_LABELS[value] }),
);
export const AUDIT_CATEGORY_OPTIONS = AUDIT_CATEGORIES.filter((c) => entries.some((e) => e.category === c)).map((value) => ({
  value,
  label: AUDIT_CATEGORY_LABELS[value],
}));

/** Detail keys that hold a user's id: the screens show the person's name instead. */
export const AUDIT_PERSON_KEYS = ['assignee', 'previousAssignee', 'askedBy', 'assignedBy', 'agentId'] as const;

/** An action as the screens name it (issue 15: Turkish labels, the raw code stays in the detail). */
export const auditActionLabel = (action: string): string => (Object.hasOwn(AUDIT_CATALOGUE, action) ? AUDIT_CATALOGUE[action as AuditAction].label : action);

export const auditResourceLabel = (resource: string): string => (Object.hasOwn(AUDIT_RESOURCE_LABELS, resource) ? AUDIT_RESOURCE_LABELS[resource as AuditResource] : resource);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a person knows the resource by: 'Talep GOLD-103185', 'Oturum: Ayşe Yılmaz', 'Proje: Altın'.
 * With no name, a numbered resource keeps its number ('Talep #42', as a request with no reference
 * is titled everywhere) and a session only its kind; raw ids stay in the detail's technical part.
 */
export function auditResourceText(resource: string, resourceId: string | null, resourceName: string | null = null): string {
  const label = auditResourceLabel(resource);
  if (resourceName) return resource === 'bonus_request' ? `${label} ${resourceName}` : `${label}: ${resourceName}`;
  if (!resourceId || UUID.test(resourceId)) return label;
  return `${label} #${resourceId}`;
}
