import type { LoginBody, SessionUser } from '@common/schemas/auth';
import type { LoginOutcome } from '@common/schemas/totp';
import { api } from '@web/lib/api-client';

/**
 * POST /api/auth/login — public: a 401 here means wrong credentials, not an expired token.
 * With 2FA on it answers a challenge for the second step instead of tokens.
 */
export function login(body: LoginBody): Promise<LoginOutcome> {
  return api.post<LoginOutcome>('/api/auth/login', body, { auth: false });
}

/** POST /api/auth/logout — ends this sign-in on the server (its sockets close too). */
export function logout(): Promise<{ loggedOut: boolean }> {
  return api.post('/api/auth/logout');
}

/** GET /api/auth/me — the signed-in user as the server sees them now. */
export function fetchMe(signal?: AbortSignal): Promise<SessionUser> {
  return api.get<SessionUser>('/api/auth/me', { signal });
}

export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<{ changed: boolean }> {
  return api.post('/api/auth/change-password', body);
}
