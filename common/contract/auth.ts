import { z } from 'zod';
import { changePasswordBody, loginBody, sessionUserSchema, tokensSchema } from '../schemas/auth';
import { loginOutcome } from '../schemas/totp';
import { PUBLIC_PATHS } from './public-paths';
import { defineEndpoint } from './define-endpoint';

const tags = ['auth'] as const;

/** Password step; with 2FA on it answers a challenge for `POST /api/auth/login/totp`. */
export const login = defineEndpoint({
  method: 'POST',
  path: PUBLIC_PATHS.login,
  access: 'public',
  summary: 'Giriş',
  tags,
  errors: ['UNAUTHORIZED', 'ACCOUNT_LOCKED', 'RATE_LIMITED'],
  body: loginBody,
  response: loginOutcome,
});

/**
 * Authenticated by the HttpOnly refresh cookie (set at sign-in, rotated here) and the
 * `X-CSRF-Token` header, which must repeat the `bonus_csrf` cookie.
 */
export const refreshTokens = defineEndpoint({
  method: 'POST',
  path: PUBLIC_PATHS.refresh,
  access: 'public',
  summary: 'Token yenileme (rotasyon; yenileme anahtarı çerezde, X-CSRF-Token başlığı gerekir)',
  tags,
  errors: ['UNAUTHORIZED', 'SESSION_UNKNOWN', 'CSRF_REFUSED', 'RATE_LIMITED'],
  response: z.object({ tokens: tokensSchema }),
});

/** Ends the bearer's session; a browser's call (with the refresh cookie) also needs `X-CSRF-Token`, and its cookies are cleared. */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'authenticated',
  summary: 'Çıkış (tarayıcıda X-CSRF-Token başlığı gerekir; çerezler silinir)',
  tags,
  errors: ['CSRF_REFUSED'],
  response: z.object({ loggedOut: z.boolean() }),
});

export const getSessionUser = defineEndpoint({
  method: 'GET',
  path: '/api/auth/me',
  access: 'authenticated',
  summary: 'Oturumdaki kullanıcı',
  tags,
  response: sessionUserSchema,
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/change-password',
  access: 'authenticated',
  summary: 'Şifre değiştir',
  tags,
  errors: ['RATE_LIMITED'],
  body: changePasswordBody,
  response: z.object({ changed: z.boolean() }),
});
