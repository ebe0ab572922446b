import { z } from 'zod';
import { changePasswordBody, loginBody, refreshBody, sessionUserSchema, tokensSchema } from '../schemas/auth';
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
  body: loginBody,
  response: loginOutcome,
});

export const refreshTokens = defineEndpoint({
  method: 'POST',
  path: PUBLIC_PATHS.refresh,
  access: 'public',
  summary: 'Token yenileme (rotasyon)',
  tags,
  body: refreshBody,
  response: z.object({ tokens: tokensSchema }),
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'authenticated',
  summary: 'Çıkış',
  tags,
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
  body: changePasswordBody,
  response: z.object({ changed: z.boolean() }),
});
