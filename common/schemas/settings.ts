import { z } from 'zod';
import { TIMEZONES } from '../constants';
import { ROLES } from '../enums';
import { requiredText } from './api';

/** §5 Settings form, and the texts of the settings screen that belong to its fields. */
export const SETTINGS_MESSAGES = {
  appNameRequired: 'Uygulama adı gereklidir',
  sessionTimeoutRequired: 'Oturum zaman aşımı gereklidir',
  sessionTimeoutMin: 'Minimum 5 dakika olmalıdır',
  sessionTimeoutMax: 'En fazla 7 gün (10080 dakika) olabilir',
  maxLoginAttemptsRequired: 'Maksimum giriş denemesi gereklidir',
  maxLoginAttemptsMin: 'Minimum 1 olmalıdır',
  syncIntervalRequired: 'Senkronizasyon aralığı gereklidir',
  syncIntervalMin: 'Minimum 1 dakika olmalıdır',
  waitingAlertRequired: 'Bekleme uyarısı süresi gereklidir',
  waitingAlertMin: 'Minimum 1 dakika olmalıdır',
  defaultCapacityRequired: 'Varsayılan kapasite gereklidir',
  defaultCapacityRange: 'Kapasite 1-100 arasında olmalıdır',
  claimLeaseRequired: 'Üstlenme süresi gereklidir',
  claimLeaseMin: 'Negatif olamaz (0 = kapalı)',
  duplicateWindowRequired: 'Mükerrer talep penceresi gereklidir',
  duplicateWindowMin: 'Negatif olamaz (0 = kapalı)',
  confirmAmountInvalid: 'Geçerli bir tutar girin (en fazla 2 ondalık)',
  timezoneInvalid: 'Listeden bir saat dilimi seçin',
  emailNotConfigured: 'E-posta sunucusu yapılandırılmamış (SMTP_URL)',
  emailToLog: 'Demo modu: e-postalar gönderilmez, sunucu günlüğüne yazılır (SMTP_URL ile gerçekten gönderilir).',
  smsNotConfigured: 'SMS sağlayıcısı yapılandırılmamış (SMS_WEBHOOK_URL)',
  saved: 'Ayarlar kaydedildi',
  saveFailed: 'Ayarlar kaydedilemedi',
  unsavedChanges: 'Kaydedilmemiş değişiklikler var. Sayfadan ayrılmak istediğinize emin misiniz?',
} as const;


/** Session timeout bounds, in seconds: at least 5 minutes, at most the 7-day session lifetime. */
export const SESSION_TIMEOUT_MIN = 300;
export const SESSION_TIMEOUT_MAX = 7 * 24 * 3600;

/** A whole number whose "missing" message is the spec's own (an empty number input arrives as undefined). */
function requiredInt(required: string) {
  return z.number({ error: (issue) => (issue.code === 'invalid_type' ? required : undefined) }).int('Tam sayı olmalıdır');
}

export const systemSettingsBody = z.strictObject({
  appName: requiredText(SETTINGS_MESSAGES.appNameRequired, 100),
  sessionTimeout: requiredInt(SETTINGS_MESSAGES.sessionTimeoutRequired)
    .min(SESSION_TIMEOUT_MIN, SETTINGS_MESSAGES.sessionTimeoutMin)
    .max(SESSION_TIMEOUT_MAX, SETTINGS_MESSAGES.sessionTimeoutMax),
  maxLoginAttempts: requiredInt(SETTINGS_MESSAGES.maxLoginAttemptsRequired)
    .min(1, SETTINGS_MESSAGES.maxLoginAttemptsMin)
    .max(100),
  twoFactorRequiredRoles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .transform((roles) => ROLES.filter((r) => roles.includes(r))),
});
export type SystemSettingsBody = z.input<typeof systemSettingsBody>;
export const systemSettingsSchema = z.object({
  appName: z.string(),
  sessionTimeout: z.number().int(),
  maxLoginAttempts: z.number().int(),
  twoFactorRequiredRoles: z.array(z.enum(ROLES)),
});
export type SystemSettingsData = z.infer<typeof systemSettingsSchema>;

/** Fields a change of which weakens or strengthens sign-in: audited with high severity. */
export const SECURITY_SETTING_FIELDS = ['sessionTimeout', 'maxLoginAttempts', 'twoFactorRequiredRoles'] as const;

/** Exact money as text (at most 12 digits and 2 decimals); empty or null = none. */
function optionalAmount() {
  return z
    .string()
    .trim()
    .max(20, { abort: true })
    .regex(/^(\d{1,12}(\.\d{1,2})?)?$/, SETTINGS_MESSAGES.confirmAmountInvalid)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));
}

export const projectSettingsBody = z.strictObject({
  timezone: z.enum(TIMEZONES, SETTINGS_MESSAGES.timezoneInvalid),
  autoSync: z.boolean(),
  syncInterval: requiredInt(SETTINGS_MESSAGES.syncIntervalRequired).min(1, SETTINGS_MESSAGES.syncIntervalMin).max(1440),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  waitingAlertMinutes: requiredInt(SETTINGS_MESSAGES.waitingAlertRequired).min(1, SETTINGS_MESSAGES.waitingAlertMin).max(10080),
  defaultAgentCapacity: requiredInt(SETTINGS_MESSAGES.defaultCapacityRequired)
    .min(1, SETTINGS_MESSAGES.defaultCapacityRange)
    .max(100, SETTINGS_MESSAGES.defaultCapacityRange),
  claimLeaseMinutes: requiredInt(SETTINGS_MESSAGES.claimLeaseRequired).min(0, SETTINGS_MESSAGES.claimLeaseMin).max(1440),
  /** Exact money as text; empty or null = completing never asks for the amount. */
  completeConfirmAmount: optionalAmount(),
  duplicateWindowHours: requiredInt(SETTINGS_MESSAGES.duplicateWindowRequired).min(0, SETTINGS_MESSAGES.duplicateWindowMin).max(720),
  /** Four eyes: at or above this amount a completion waits for a second person; empty or null = off. Left out: unchanged. */
  approvalThreshold: optionalAmount().optional(),
  /** What one customer may be paid per local day / month before a completion needs approval; empty or null = no limit. */
  customerDailyLimit: optionalAmount().optional(),
  customerMonthlyLimit: optionalAmount().optional(),
});
export type ProjectSettingsBody = z.input<typeof projectSettingsBody>;
export const projectSettingsSchema = z.object({
  timezone: z.string(),
  autoSync: z.boolean(),
  syncInterval: z.number().int(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  waitingAlertMinutes: z.number().int(),
  defaultAgentCapacity: z.number().int(),
  claimLeaseMinutes: z.number().int(),
  completeConfirmAmount: z.string().nullable(),
  duplicateWindowHours: z.number().int(),
  approvalThreshold: z.string().nullable(),
  customerDailyLimit: z.string().nullable(),
  customerMonthlyLimit: z.string().nullable(),
});
export type ProjectSettingsData = z.infer<typeof projectSettingsSchema>;

/** Which delivery channels the server can use (the toggles are disabled without one). */
/** Which channels can deliver; `emailToLog`: demo mode without SMTP_URL, e-mails are written to the server's log. */
export const transportsSchema = z.object({ email: z.boolean(), sms: z.boolean(), emailToLog: z.boolean() });
export const projectSettingsResponse = z.object({ settings: projectSettingsSchema, transports: transportsSchema });

export const brandingSchema = z.object({ appName: z.string() });

/** Notifications (§7.11 outbox). */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export const NOTIFICATION_CHANNEL_LABELS: Record<(typeof NOTIFICATION_CHANNELS)[number], string> = { email: 'E-posta', sms: 'SMS' };
export const NOTIFICATION_EVENTS = ['sync_failed', 'sync_partial', 'request_waiting', 'agent_forced_offline', 'agent_forced_logout', 'approval_requested', 'webhook_disabled'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  sync_failed: 'Senkronizasyon başarısız',
  sync_partial: 'Senkronizasyon kısmen tamamlandı',
  request_waiting: 'Uzun bekleyen talep',
  agent_forced_offline: 'Agent çevrimdışı yapıldı',
  agent_forced_logout: 'Agent oturumu sonlandırıldı',
  /** Four eyes: a completion waits for the project's approvers (told to them, never to the person who asked). */
  approval_requested: 'Onay bekleyen talep',
  /** A webhook failing for 24 h was switched off: told to the project's admins. */
  webhook_disabled: 'Webhook kapatıldı',
};
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export const NOTIFICATION_STATUS_LABELS: Record<(typeof NOTIFICATION_STATUSES)[number], string> = {
  pending: 'Bekliyor',
  sent: 'Gönderildi',
  failed: 'Başarısız',
};
export const notificationSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  subject: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationSchema>;
