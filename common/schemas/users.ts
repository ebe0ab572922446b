import { z } from 'zod';
import { ROLES } from '../enums';
import { abilityFlags } from './abilities';
import { idParam, pagedSchema, pageQuery, requiredString } from './api';
import { projectRefSchema } from './auth';

/** The spec's §5 user-form messages, and the ones the server adds. */
export const USER_MESSAGES = {
  usernameRequired: 'Kullanıcı adı gereklidir',
  usernameFormat: 'Kullanıcı adı yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir',
  usernameTaken: 'Bu kullanıcı adı zaten kullanılıyor',
  fullNameRequired: 'Ad soyad gereklidir',
  emailRequired: 'E-posta gereklidir',
  emailInvalid: 'Geçerli bir e-posta adresi girin',
  phoneInvalid: 'Geçerli bir telefon numarası girin (ör. +905551112233)',
  roleRequired: 'Rol seçilmelidir',
  passwordTooShort: 'Şifre en az 8 karakter olmalıdır',
  projectRequired: 'En az bir proje seçilmelidir',
  projectNotAllowed: 'Yetkili olmadığınız bir proje seçildi',
  notFound: 'Kullanıcı bulunamadı',
  neverLoggedIn: 'Hiç giriş yapmamış',
  deleteConfirm: 'Bu kullanıcıyı silmek istediğinizden emin misiniz?',
  selfRole: 'Kendi rolünüzü değiştiremezsiniz',
  selfDeactivate: 'Kendi hesabınızı pasifleştiremezsiniz',
  selfDelete: 'Kendi hesabınızı silemezsiniz',
  selfReset: 'Kendi şifrenizi buradan sıfırlayamazsınız; şifre değiştirme ekranını kullanın',
  higherRole: 'Sizden yüksek roldeki bir kullanıcı üzerinde işlem yapamazsınız',
  roleNotAssignable: 'Bu rolü atama yetkiniz yok',
  lastSuperAdmin: 'Son aktif Süper Admin kaldırılamaz, pasifleştirilemez veya rolü düşürülemez',
  outsideProjects: 'Bu kullanıcı yetkiniz dışındaki projelerde de çalıştığı için bu işlemi yalnızca Süper Admin yapabilir',
} as const;

/**
 * One @, a dot-separated domain. Written so that no two parts can match the same characters
 * (the domain's labels exclude the dot): it runs in linear time whatever the input. The old
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracked quadratically on `a@....@`.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** Size before shape: a string over its limit stops here, before any pattern runs on it. */
const sizeFirst = { abort: true } as const;

export const usernameField = requiredString(USER_MESSAGES.usernameRequired)
  .trim()
  .min(1, USER_MESSAGES.usernameRequired)
  .max(64, sizeFirst)
  .regex(/^[\p{L}\p{N}._-]+$/u, USER_MESSAGES.usernameFormat);
export const fullNameField = requiredString(USER_MESSAGES.fullNameRequired).trim().min(1, USER_MESSAGES.fullNameRequired).max(120);
export const emailField = requiredString(USER_MESSAGES.emailRequired)
  .trim()
  .min(1, USER_MESSAGES.emailRequired)
  .max(254, sizeFirst)
  .regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid);
/** Optional, for SMS notifications: digits with an optional leading +; empty clears it. */
export const phoneField = z
  .string()
  .trim()
  .max(20, { message: USER_MESSAGES.phoneInvalid, ...sizeFirst })
  .regex(/^(\+?[0-9]{7,15})?$/, USER_MESSAGES.phoneInvalid)
  .nullish()
  .transform((v) => (v === '' ? null : v));
export const roleField = z.enum(ROLES, { error: USER_MESSAGES.roleRequired });
/** Empty means "generate a one-time password". Never trimmed: spaces are part of a password. */
export const optionalPasswordField = z
  .string()
  .max(256)
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || v.length >= 8, USER_MESSAGES.passwordTooShort);
export const projectIdsField = z.array(idParam).max(200).default([]);

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Two-factor sign-in is on (an administrator may reset it). */
  totpEnabled: z.boolean().optional(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** Only the projects the caller may see. */
  projects: z.array(projectRefSchema),
});
export type User = z.infer<typeof userSchema>;

export const userListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['all', 'active', 'inactive']).optional(),
  /** The active project of the client: the list is scoped to its members. */
  projectId: idParam.optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;
export const projectUserListQuery = userListQuery.omit({ projectId: true });
/**
 * What the caller may do to a user, decided by the server's user policy
 * (server/policies/user-policy.ts); the screens show their buttons by it.
 */
export const userAbilitiesSchema = abilityFlags(['edit', 'changeRole', 'toggle', 'resetPassword', 'delete', 'resetTotp']);
export type UserAbilities = z.infer<typeof userAbilitiesSchema>;
/** A user as the lists and the detail answer it: with the caller's abilities on them. */
export const listedUserSchema = userSchema.extend({ abilities: userAbilitiesSchema });
export type ListedUser = z.infer<typeof listedUserSchema>;
export const userListSchema = pagedSchema(listedUserSchema);

/** The fields a user form sends, the same when creating and when editing. */
const userBodyBase = z.object({
  username: usernameField,
  fullName: fullNameField,
  email: emailField,
  /** Omitted on an edit: unchanged. */
  phone: phoneField,
  role: roleField,
  isActive: z.boolean().default(true),
});

export const userCreateBody = userBodyBase.extend({
  password: optionalPasswordField,
  projectIds: projectIdsField,
});
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = userBodyBase.extend({
  /** Omitted: memberships unchanged. Only the caller's own projects are touched. */
  projectIds: z.array(idParam).max(200).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** The role-management modal: role and active flag in one change. */
export const userRoleBody = z.object({ role: roleField, isActive: z.boolean().optional() });
export type UserRoleBody = z.input<typeof userRoleBody>;

/** A password generated by the server is shown once, in this response only. */
export const userWithPasswordSchema = z.object({ user: userSchema, oneTimePassword: z.string().nullable() });
export const resetPasswordSchema = z.object({ oneTimePassword: z.string() });
export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
