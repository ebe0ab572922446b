import type { AuditAction } from './enums';

/** Audit actions as the screens name them (issue 15: Turkish labels, the raw code stays in the detail). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  LOGIN: 'Giriş',
  LOGOUT: 'Çıkış',
  FAILED_LOGIN: 'Başarısız giriş',
  TOKEN_REUSE_DETECTED: 'Yenileme anahtarı yeniden kullanıldı',
  CREATE_BONUS_REQUEST: 'Talep oluşturuldu',
  ASSIGN_BONUS_REQUEST: 'Talep atandı',
  COMPLETE_BONUS_REQUEST: 'Talep tamamlandı',
  REQUEUE_BONUS_REQUEST: 'Talep tekrar sıraya alındı',
  UNDO_COMPLETE_BONUS_REQUEST: 'Tamamlama geri alındı',
  UNDO_REQUEUE_BONUS_REQUEST: 'Sıraya alma geri alındı',
  CREATE_USER: 'Kullanıcı oluşturuldu',
  UPDATE_USER: 'Kullanıcı güncellendi',
  UPDATE_USER_ROLE: 'Rol değiştirildi',
  TOGGLE_USER: 'Kullanıcı durumu değişti',
  DELETE_USER: 'Kullanıcı silindi',
  RESET_PASSWORD: 'Şifre sıfırlandı',
  CHANGE_PASSWORD: 'Şifre değiştirildi',
  CREATE_PROJECT: 'Proje oluşturuldu',
  UPDATE_PROJECT: 'Proje güncellendi',
  TOGGLE_PROJECT: 'Proje durumu değişti',
  DELETE_PROJECT: 'Proje silindi',
  CREATE_AGENT: 'Agent eklendi',
  UPDATE_AGENT: 'Agent güncellendi',
  TOGGLE_AGENT: 'Agent durumu değişti',
  DELETE_AGENT: 'Agent çıkarıldı',
  SET_AGENT_STATUS: 'Durum seçildi',
  FORCE_OFFLINE: 'Zorla çevrimdışı yapıldı',
  FORCE_LOGOUT: 'Oturumu sonlandırıldı',
  SYNC_STARTED: 'Senkronizasyon başladı',
  SYNC_FINISHED: 'Senkronizasyon bitti',
  SYNC_FAILED: 'Senkronizasyon başarısız',
  SYSTEM_CONFIG_CHANGE: 'Ayarlar değiştirildi',
  TOTP_SETUP_STARTED: '2FA kurulumu başladı',
  TOTP_ENABLED: '2FA etkinleştirildi',
  TOTP_DISABLED: '2FA kapatıldı',
  TOTP_BACKUP_CODE_USED: 'Yedek kod kullanıldı',
  TOTP_BACKUP_CODES_REGENERATED: 'Yedek kodlar yenilendi',
  TOTP_CODE_FAILED: 'Hatalı 2FA kodu',
  TOTP_RESET: '2FA sıfırlandı',
  EXPORT_DATA: 'Dışa aktarıldı',
  CREATE_ROUTING_RULE: 'Routing kuralı oluşturuldu',
  UPDATE_ROUTING_RULE: 'Routing kuralı güncellendi',
  TOGGLE_ROUTING_RULE: 'Routing kuralı durumu değişti',
  DELETE_ROUTING_RULE: 'Routing kuralı silindi',
  REORDER_ROUTING_RULES: 'Routing kuralları sıralandı',
  UPDATE_AGENT_SKILLS: 'Agent yetenekleri güncellendi',
  ROUTE_BONUS_REQUEST: 'Talep kuralla atandı',
  LEASE_EXPIRED: 'Atama süresi doldu',
};

/** What an audit row is about, in Turkish. */
export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  agent: 'Agent',
  auth: 'Oturum',
  session: 'Oturum',
  bonus_request: 'Talep',
  project: 'Proje',
  project_settings: 'Proje ayarları',
  system_settings: 'Sistem ayarları',
  routing_rule: 'Routing kuralı',
  sync: 'Senkronizasyon',
  sync_log: 'Senkronizasyon',
  user: 'Kullanıcı',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 'Talep #42', 'Oturum 3f2a9c1e…': the resource's Turkish name and a short id. A session's UUID
 * is cut to its first 8 characters (the full value stays in the detail).
 */
export function auditResourceText(resource: string, resourceId: string | null): string {
  const name = AUDIT_RESOURCE_LABELS[resource] ?? resource;
  if (!resourceId) return name;
  return UUID.test(resourceId) ? `${name} ${resourceId.slice(0, 8)}…` : `${name} #${resourceId}`;
}
