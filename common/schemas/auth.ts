import { z } from 'zod';
import { ROLES } from '../enums';
import { LOGIN_MESSAGES } from '../login-messages';
import { sessionAbilitiesSchema } from './abilities';
import { requiredString } from './api';

export { LOGIN_MESSAGES };

export const loginBody = z.object({
  username: requiredString(LOGIN_MESSAGES.usernameRequired).trim().min(1, LOGIN_MESSAGES.usernameRequired).max(64),
  password: requiredString(LOGIN_MESSAGES.passwordRequired).min(1, LOGIN_MESSAGES.passwordRequired).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * What a sign-in or a refresh answers in JSON: the access token only. The refresh token travels in
 * an HttpOnly cookie (AUTH_COOKIES), out of any script's reach.
 */
export const tokensSchema = z.object({ accessToken: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;

/** A project named in another resource (a user's memberships). */
export const projectRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type ProjectRef = z.infer<typeof projectRefSchema>;
/** A project as the session knows it; `timezone` (IANA) is the zone its dates are shown in. */
export const projectSummarySchema = projectRefSchema.extend({ timezone: z.string() });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  mustChangePassword: z.boolean(),
  projects: z.array(projectSummarySchema),
  /** The screens and actions the server grants this caller, globally and per project. */
  abilities: sessionAbilitiesSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponse = z.object({ tokens: tokensSchema, user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const AUTH_MESSAGES = {
  /** Refresh or logout without the page's CSRF token, or from another site. */
  csrfRefused: 'İstek doğrulanamadı. Sayfayı yenileyip tekrar deneyin.',
  refreshFailed: 'Oturum yenilenemedi',
  signInRequired: 'Oturum açmanız gerekiyor',
} as const;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Mevcut şifre gereklidir',
  newTooShort: 'Yeni şifre en az 8 karakter olmalıdır',
  wrongCurrent: 'Mevcut şifre hatalı',
  sameAsCurrent: 'Yeni şifre mevcut şifreden farklı olmalıdır',
  changeRequired: 'Devam etmek için şifrenizi değiştirmeniz gerekiyor',
} as const;
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, PASSWORD_MESSAGES.currentRequired).max(256),
  newPassword: z.string().min(8, PASSWORD_MESSAGES.newTooShort).max(256),
});
