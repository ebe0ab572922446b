import { z } from 'zod';
import { requiredString } from './api';
import { loginResponse } from './auth';

/** Spec §5 and §8: the two-factor texts, written once. */
export const TOTP_MESSAGES = {
  codeRequired: 'Kod gereklidir',
  codeFormat: '6 haneli sayısal kod girin',
  backupCodeFormat: 'Yedek kod 8 karakterden oluşur (ör. ABCD-EFGH)',
  verifyFailed: 'Doğrulama başarısız',
  setupFailed: 'TOTP kurulumu başarısız',
  disableFailed: 'TOTP devre dışı bırakılamadı',
  regenerateFailed: 'Yedek kodlar yenilenemedi',
  enabled: 'TOTP başarıyla etkinleştirildi',
  disabled: 'TOTP devre dışı bırakıldı',
  regenerated: 'Yedek kodlar yenilendi',
  alreadyEnabled: 'İki faktörlü doğrulama zaten etkin',
  notEnabled: 'İki faktörlü doğrulama etkin değil',
  noPendingSetup: 'Önce 2FA kurulumunu başlatın',
  setupRequired: 'Devam etmek için iki faktörlü doğrulamayı kurmanız gerekiyor',
  challengeExpired: 'Doğrulama süresi doldu. Lütfen tekrar giriş yapın.',
  wrongPassword: 'Şifre hatalı',
  passwordRequired: 'Şifre gereklidir',
  reasonRequired: 'Lütfen bir neden belirtin',
  resetDone: 'İki faktörlü doğrulama sıfırlandı',
  resetFailed: 'İki faktörlü doğrulama sıfırlanamadı',
  selfReset: 'Kendi iki faktörlü doğrulamanızı buradan sıfırlayamazsınız',
} as const;

/** RFC 6238 parameters: a 30 s step, 6 digits, ±1 step, the authenticator apps' defaults. */
export const TOTP = {
  issuer: 'Bonus Panel',
  periodSeconds: 30,
  digits: 6,
  toleranceSteps: 1,
  backupCodeCount: 10,
  challengeTtlSeconds: 300,
} as const;

/** A six-digit code from the authenticator app. */
export const totpCode = requiredString(TOTP_MESSAGES.codeRequired)
  .trim()
  .min(1, TOTP_MESSAGES.codeRequired)
  .max(64, { message: TOTP_MESSAGES.codeFormat, abort: true })
  .regex(/^\d{6}$/, TOTP_MESSAGES.codeFormat);

/** A backup code as shown (ABCD-EFGH); case, spaces and the dash are forgiven. */
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{4}[\s-]?[A-Za-z0-9]{4}$/;

/** Either a six-digit code or a backup code. */
export const totpOrBackupCode = requiredString(TOTP_MESSAGES.codeRequired)
  .trim()
  .min(1, TOTP_MESSAGES.codeRequired)
  .max(32, TOTP_MESSAGES.codeFormat)
  .refine((v) => /^\d{6}$/.test(v) || BACKUP_CODE_PATTERN.test(v), TOTP_MESSAGES.codeFormat);

export const totpSetupResponse = z.object({ qrCodeUrl: z.string(), manualEntryKey: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const totpTokenBody = z.object({ token: totpCode });
export const backupCodesResponse = z.object({ backupCodes: z.array(z.string()) });
export const totpStatusResponse = z.object({ enabled: z.boolean(), remainingCodes: z.number().int() });
export type TotpStatus = z.infer<typeof totpStatusResponse>;

export const totpDisableBody = z.object({
  password: requiredString(TOTP_MESSAGES.passwordRequired).min(1, TOTP_MESSAGES.passwordRequired).max(256),
  token: totpOrBackupCode,
});

/** The login's answer when a second step is needed: no tokens yet. */
export const totpChallengeResponse = z.object({ totpRequired: z.literal(true), challenge: z.string() });
export type TotpChallenge = z.infer<typeof totpChallengeResponse>;

/** POST /api/auth/login answers one of these. */
export const loginOutcome = z.union([loginResponse, totpChallengeResponse]);

export const loginTotpBody = z.object({
  challenge: z.string().min(1).max(128),
  code: totpOrBackupCode,
});

export const totpResetBody = z.object({
  reason: requiredString(TOTP_MESSAGES.reasonRequired).trim().min(1, TOTP_MESSAGES.reasonRequired).max(500),
});
