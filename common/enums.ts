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
  agent: 'Ajan',
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

export const REQUEST_STATUSES = ['new', 'queued', 'assigned', 'in_progress', 'completed', 'cancelled', 'error'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'Yeni',
  queued: 'Sırada',
  assigned: 'Atandı',
  in_progress: 'İşlemde',
  completed: 'Tamamlandı',
  cancelled: 'İptal Edildi',
  error: 'Hata',
};
export const WAITING_STATUSES: readonly RequestStatus[] = ['new', 'queued'];
export const ACTIVE_STATUSES: readonly RequestStatus[] = ['assigned', 'in_progress'];
export const PROBLEM_STATUSES: readonly RequestStatus[] = ['cancelled', 'error'];

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
  'TOTP_RESET',
  'EXPORT_DATA',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const PROJECT_DB_TYPES = ['postgresql', 'mysql'] as const;
export type ProjectDbType = (typeof PROJECT_DB_TYPES)[number];
