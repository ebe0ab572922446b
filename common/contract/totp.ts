import { z } from 'zod';
import { idParam } from '../schemas/api';
import { loginResponse } from '../schemas/auth';
import {
  backupCodesResponse,
  loginTotpBody,
  totpDisableBody,
  totpResetBody,
  totpSetupResponse,
  totpStatusResponse,
  totpTokenBody,
} from '../schemas/totp';
import { defineEndpoint } from './define-endpoint';

const tags = ['totp'] as const;

/** Creates (or replaces) the pending secret; 409 while 2FA is on. */
export const setupTotp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/totp/setup',
  access: 'totp:self',
  summary: '2FA kurulumunu başlat (bekleyen gizli anahtar)',
  tags,
  errors: ['CONFLICT'],
  response: totpSetupResponse,
});

/** Verifies a code against the pending secret, turns 2FA on, returns the backup codes once. */
export const enableTotp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/totp/enable',
  access: 'totp:self',
  summary: '2FA etkinleştir',
  tags,
  errors: ['CONFLICT', 'RATE_LIMITED'],
  body: totpTokenBody,
  response: backupCodesResponse,
});

export const getTotpStatus = defineEndpoint({
  method: 'GET',
  path: '/api/auth/totp/backup-codes',
  access: 'totp:self',
  summary: '2FA durumu ve kalan yedek kod sayısı',
  tags,
  response: totpStatusResponse,
});

export const regenerateBackupCodes = defineEndpoint({
  method: 'POST',
  path: '/api/auth/totp/regenerate-backup-codes',
  access: 'totp:self',
  summary: 'Yedek kodları yenile (eskiler geçersiz olur)',
  tags,
  errors: ['RATE_LIMITED'],
  body: totpTokenBody,
  response: backupCodesResponse,
});

export const disableTotp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/totp/disable',
  access: 'totp:self',
  summary: '2FA devre dışı bırak (şifre ve kod ister)',
  tags,
  errors: ['RATE_LIMITED'],
  body: totpDisableBody,
  response: z.object({ disabled: z.literal(true) }),
});

/** The login's second step: the challenge from POST /api/auth/login and a code or backup code. */
export const loginWithTotp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login/totp',
  access: 'public',
  summary: 'Giriş: ikinci adım (doğrulama kodu)',
  tags: ['auth'],
  errors: ['UNAUTHORIZED', 'CHALLENGE_EXPIRED', 'ACCOUNT_LOCKED', 'RATE_LIMITED'],
  body: loginTotpBody,
  response: loginResponse,
});

/** Lost device: an administrator turns another user's 2FA off and ends their sessions. */
export const resetUserTotp = defineEndpoint({
  method: 'POST',
  path: '/api/users/:userId/totp/reset',
  access: 'user:manage',
  summary: "Kullanıcının 2FA'sını sıfırla (gerekçe ister, oturumlarını sonlandırır)",
  tags,
  params: z.object({ userId: idParam }),
  body: totpResetBody,
  response: z.object({ reset: z.literal(true) }),
});

/** What a user who must set 2FA up may still call (besides /api/auth/me and logout). */
export const TOTP_SETUP_ENDPOINTS = [setupTotp, enableTotp, getTotpStatus] as const;
