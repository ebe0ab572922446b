import { z } from 'zod';
import { requiredText } from './api';

/**
 * API tokens: a machine (the project's own platform, a report job) calls the API for one project
 * with the abilities its token names. Each endpoint a token may call says which ability it needs
 * (`apiToken` in its contract entry); nothing else answers to a token.
 */
export const API_TOKEN_ABILITIES = ['requests:read', 'requests:create', 'requests:complete', 'reports:read'] as const;
export type ApiTokenAbility = (typeof API_TOKEN_ABILITIES)[number];

export const API_TOKEN_ABILITY_LABELS: Record<ApiTokenAbility, string> = {
  'requests:read': 'Talepleri okuma',
  'requests:create': 'Talep oluşturma',
  'requests:complete': 'Talep tamamlama ve onaylama',
  'reports:read': 'Raporları okuma',
};

/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'bp_';

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Anahtar adı zorunludur',
  abilitiesRequired: 'En az bir yetki seçilmelidir',
  expiryInPast: 'Son geçerlilik tarihi gelecekte olmalıdır',
  invalid: 'API anahtarı geçersiz, süresi dolmuş veya iptal edilmiş',
  notAllowed: 'Bu API anahtarı bu işlem için yetkili değil',
  otherProject: 'Bu API anahtarı yalnızca kendi projesinde kullanılabilir',
  notFound: 'API anahtarı bulunamadı',
  created: 'API anahtarı oluşturuldu',
  revoked: 'API anahtarı iptal edildi',
  shownOnce: 'Bu anahtar yalnızca şimdi gösterilir. Kopyalayıp güvenli bir yerde saklayın.',
  tooMany: 'Bu proje için en fazla 50 etkin API anahtarı olabilir',
} as const;

/** Active (not revoked) tokens a project may hold: enough for every integration, few enough to review. */
export const API_TOKEN_LIMIT_PER_PROJECT = 50;

export const createApiTokenBody = z.object({
  name: requiredText(API_TOKEN_MESSAGES.nameRequired, 100),
  abilities: z
    .array(z.enum(API_TOKEN_ABILITIES), { error: API_TOKEN_MESSAGES.abilitiesRequired })
    .min(1, API_TOKEN_MESSAGES.abilitiesRequired)
    .max(API_TOKEN_ABILITIES.length)
    .transform((list) => [...new Set(list)]),
  /** ISO time; none: never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abilities: z.array(z.enum(API_TOKEN_ABILITIES)),
  /** The token's first characters, to tell tokens apart; never the token. */
  hint: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The creation answer: the token itself, this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
