/**
 * Every enumerated value of the product with its Turkish label (spec §4, §6).
 * Labels live here so each is written once and both client and server use it.
 */

export const ROLES = ['super_admin', 'admin', 'manager', 'operator', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Süper Admin',
  admin: 'Admin',
  manager: 'Yönetici',
  operator: 'Operatör',
  agent: 'Agent',
};
/** Higher rank outranks lower; nobody may act on a user of a higher rank. */
export const ROLE_RANK: Record<Role, number> = { super_admin: 5, admin: 4, manager: 3, operator: 2, agent: 1 };
export const ROLE_BADGE_TONE: Record<Role, 'danger' | 'warning' | 'default' | 'success'> = {
  super_admin: 'danger',
  admin: 'danger',
  manager: 'warning',
  operator: 'default',
  agent: 'success',
};

export const REQUEST_STATUSES = ['new', 'queued', 'assigned', 'in_progress', 'pending_approval', 'completed', 'cancelled', 'error'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'Yeni',
  queued: 'Sırada',
  assigned: 'Atandı',
  in_progress: 'İşlemde',
  pending_approval: 'Onay Bekliyor',
  completed: 'Tamamlandı',
  cancelled: 'İptal Edildi',
  error: 'Hata',
};
export const WAITING_STATUSES: readonly RequestStatus[] = ['new', 'queued'];
export const ACTIVE_STATUSES: readonly RequestStatus[] = ['assigned', 'in_progress'];
export const PROBLEM_STATUSES: readonly RequestStatus[] = ['cancelled', 'error'];
/** Completed by one person, waiting for a second (four eyes): nobody's load, never routed, leased back or claimed. */
export const APPROVAL_STATUSES: readonly RequestStatus[] = ['pending_approval'];

export const BONUS_TYPES = ['cashback', 'points', 'other'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];
export const BONUS_TYPE_LABELS: Record<BonusType, string> = {
  cashback: 'Nakit İade',
  points: 'Puan',
  other: 'Diğer',
};

export const SYNC_STATUSES = ['success', 'failed', 'error', 'partial', 'running', 'pending'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const SYNC_STATUS_LABELS: Record<SyncStatus, string> = {
  success: 'Başarılı',
  failed: 'Hatalı',
  error: 'Hata',
  partial: 'Kısmi',
  running: 'Çalışıyor',
  pending: 'Bekliyor',
};
export const UNKNOWN_LABEL = 'Bilinmiyor';
export function syncStatusLabel(status: string): string {
  return Object.hasOwn(SYNC_STATUS_LABELS, status) ? (SYNC_STATUS_LABELS as Record<string, string>)[status]! : UNKNOWN_LABEL;
}

export const SYNC_TYPES = ['bonus', 'personnel', 'statistics', 'custom'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];
export const SYNC_TYPE_LABELS: Record<SyncType, string> = {
  bonus: 'Bonus Verileri',
  personnel: 'Personel Verileri',
  statistics: 'İstatistikler',
  custom: 'Özel Senkronizasyon',
};

export const AGENT_STATUSES = ['online', 'busy', 'away', 'offline'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  online: 'Çevrimiçi',
  busy: 'Meşgul',
  away: 'Uzakta',
  offline: 'Çevrimdışı',
};

export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];
export const AUDIT_SEVERITY_LABELS: Record<AuditSeverity, string> = {
  low: 'Düşük',
  medium: 'Orta',
  high: 'Yüksek',
  critical: 'Kritik',
};

export const AUDIT_CATEGORIES = ['auth', 'user', 'system', 'security', 'data'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  auth: 'Kimlik Doğrulama',
  user: 'Kullanıcı',
  system: 'Sistem',
  security: 'Güvenlik',
  data: 'Veri',
};

/** §4 list, extended with the actions the rest of the product performs. */
export const AUDIT_ACTIONS = [
  'LOGIN',
  'LOGOUT',
  'FAILED_LOGIN',
  'TOKEN_REUSE_DETECTED',
  'CREATE_BONUS_REQUEST',
  'ASSIGN_BONUS_REQUEST',
  'COMPLETE_BONUS_REQUEST',
  'REQUEUE_BONUS_REQUEST',
  'REQUEST_BONUS_APPROVAL',
  'APPROVE_BONUS_REQUEST',
  'REJECT_BONUS_REQUEST',
  'UNDO_COMPLETE_BONUS_REQUEST',
  'UNDO_REQUEUE_BONUS_REQUEST',
  'CREATE_USER',
  'UPDATE_USER',
  'UPDATE_USER_ROLE',
  'TOGGLE_USER',
  'DELETE_USER',
  'RESET_PASSWORD',
  'CHANGE_PASSWORD',
  'CREATE_PROJECT',
  'UPDATE_PROJECT',
  'TOGGLE_PROJECT',
  'DELETE_PROJECT',
  'CREATE_API_TOKEN',
  'REVOKE_API_TOKEN',
  'CREATE_WEBHOOK',
  'UPDATE_WEBHOOK',
  'DELETE_WEBHOOK',
  'ROTATE_WEBHOOK_SECRET',
  'CREATE_AGENT',
  'UPDATE_AGENT',
  'TOGGLE_AGENT',
  'DELETE_AGENT',
  'SET_AGENT_STATUS',
  'FORCE_OFFLINE',
  'FORCE_LOGOUT',
  'SYNC_STARTED',
  'SYNC_FINISHED',
  'SYNC_FAILED',
  'SYSTEM_CONFIG_CHANGE',
  'TOTP_SETUP_STARTED',
  'TOTP_ENABLED',
  'TOTP_DISABLED',
  'TOTP_BACKUP_CODE_USED',
  'TOTP_BACKUP_CODES_REGENERATED',
  'TOTP_CODE_FAILED',
  'TOTP_CHALLENGE_ISSUED',
  'TOTP_RESET',
  'EXPORT_DATA',
  'CREATE_ROUTING_RULE',
  'UPDATE_ROUTING_RULE',
  'TOGGLE_ROUTING_RULE',
  'DELETE_ROUTING_RULE',
  'REORDER_ROUTING_RULES',
  'UPDATE_AGENT_SKILLS',
  /** A routing rule gave a new or waiting request to an agent. */
  'ROUTE_BONUS_REQUEST',
  /** The claim lease ran out: the request went back to the queue. */
  'LEASE_EXPIRED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const PROJECT_DB_TYPES = ['postgresql', 'mysql'] as const;
export type ProjectDbType = (typeof PROJECT_DB_TYPES)[number];

/** Customer segments a request may carry (issue 11): routing conditions and agent skills use them. */
export const CUSTOMER_SEGMENTS = ['vip', 'regular', 'new', 'high_risk'] as const;
export type CustomerSegment = (typeof CUSTOMER_SEGMENTS)[number];
export const CUSTOMER_SEGMENT_LABELS: Record<CustomerSegment, string> = {
  vip: 'VIP',
  regular: 'Standart',
  new: 'Yeni Müşteri',
  high_risk: 'Yüksek Risk',
};

/** Routing strategies (spec §4); the spec's table lacks a label for random: it is 'Rastgele'. */
export const ROUTING_STRATEGIES = ['user', 'skill_based', 'round_robin', 'load_based', 'random'] as const;
export type RoutingStrategy = (typeof ROUTING_STRATEGIES)[number];
export const ROUTING_STRATEGY_LABELS: Record<RoutingStrategy, string> = {
  user: 'Belirli Kullanıcı',
  skill_based: 'Yetenek Bazlı',
  round_robin: 'Sıralı Dağıtım',
  load_based: 'Yük Bazlı',
  random: 'Rastgele',
};

/** Routing condition types (spec §4). */
export const ROUTING_CONDITION_TYPES = ['bonus_type', 'customer_segment', 'time_window', 'priority_threshold', 'custom'] as const;
export type RoutingConditionType = (typeof ROUTING_CONDITION_TYPES)[number];
export const ROUTING_CONDITION_TYPE_LABELS: Record<RoutingConditionType, string> = {
  bonus_type: 'Bonus Türü',
  customer_segment: 'Müşteri Segmenti',
  time_window: 'Zaman Aralığı',
  priority_threshold: 'Öncelik Eşiği',
  custom: 'Özel Koşul',
};

/** A list condition (bonus type, segment): the request's value is one of, or none of, the chosen values. */
export const ROUTING_SET_OPERATORS = ['in', 'not_in'] as const;
export type RoutingSetOperator = (typeof ROUTING_SET_OPERATORS)[number];
export const ROUTING_SET_OPERATOR_LABELS: Record<RoutingSetOperator, string> = {
  in: 'şunlardan biri',
  not_in: 'şunların hiçbiri',
};

/** The priority threshold: the request's priority is at least, or at most, N. */
export const ROUTING_THRESHOLD_OPERATORS = ['gte', 'lte'] as const;

/** The custom condition's comparisons. */
export const ROUTING_CUSTOM_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'starts_with'] as const;
export type RoutingCustomOperator = (typeof ROUTING_CUSTOM_OPERATORS)[number];
export const ROUTING_CUSTOM_OPERATOR_LABELS: Record<RoutingCustomOperator, string> = {
  eq: '=',
  neq: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  contains: 'içerir',
  starts_with: 'ile başlar',
};

/** The request fields a custom condition may compare; amount is a number, the others text. */
export const ROUTING_CUSTOM_FIELDS = ['amount', 'customerUsername', 'externalId', 'description'] as const;
export type RoutingCustomField = (typeof ROUTING_CUSTOM_FIELDS)[number];
export const ROUTING_CUSTOM_FIELD_LABELS: Record<RoutingCustomField, string> = {
  amount: 'Tutar',
  customerUsername: 'Müşteri Kullanıcı Adı',
  externalId: 'Dış Referans',
  description: 'Açıklama',
};
/** Which operators each kind of field accepts: numbers compare, texts match. */
export const ROUTING_NUMERIC_OPERATORS: readonly RoutingCustomOperator[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'];
export const ROUTING_TEXT_OPERATORS: readonly RoutingCustomOperator[] = ['eq', 'neq', 'contains', 'starts_with'];
export const ROUTING_CUSTOM_FIELD_OPERATORS: Record<RoutingCustomField, readonly RoutingCustomOperator[]> = {
  amount: ROUTING_NUMERIC_OPERATORS,
  customerUsername: ROUTING_TEXT_OPERATORS,
  externalId: ROUTING_TEXT_OPERATORS,
  description: ROUTING_TEXT_OPERATORS,
};

/** ISO weekdays, Monday = 1 … Sunday = 7 (a time window's days). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  1: 'Pazartesi',
  2: 'Salı',
  3: 'Çarşamba',
  4: 'Perşembe',
  5: 'Cuma',
  6: 'Cumartesi',
  7: 'Pazar',
};
export const WEEKDAY_SHORT_LABELS: Record<Weekday, string> = { 1: 'Pzt', 2: 'Sal', 3: 'Çar', 4: 'Per', 5: 'Cum', 6: 'Cmt', 7: 'Paz' };
