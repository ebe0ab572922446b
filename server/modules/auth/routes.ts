import { changePassword, getSessionUser, login as loginEndpoint, logout as logoutEndpoint, refreshTokens } from '@common/contract/auth';
import { loginWithTotp } from '@common/contract/totp';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { App } from '../../types';
import { changeOwnPassword } from './change-password';
import { completeTotpLogin } from './complete-totp-login';
import { login, readSessionUser } from './login';
import { logout } from './logout';
import { refreshSession } from './refresh-session';

/** Tokens: no browser or proxy may keep a copy. */
const NO_STORE = 'no-store';

export default async function authRoutes(app: App) {
  const ctx = app.ctx;
  const loginLimit = { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  route(
    app,
    loginEndpoint,
    async (request, reply) => {
      const result = await login(ctx, { ...request.body, ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', NO_STORE);
      return result;
    },
    { rateLimit: loginLimit },
  );

  route(
    app,
    refreshTokens,
    async (request, reply) => {
      const tokens = await refreshSession(ctx, { refreshToken: request.body.refreshToken, ipAddress: request.ip });
      reply.header('cache-control', NO_STORE);
      return { tokens };
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );

  // The second step of a sign-in with 2FA: the same per-address limit as the password step.
  route(
    app,
    loginWithTotp,
    async (request, reply) => {
      const result = await completeTotpLogin(ctx, { ...request.body, ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', NO_STORE);
      return result;
    },
    { rateLimit: loginLimit },
  );

  route(app, logoutEndpoint, async (request) => {
    await logout(ctx, requireAuth(request), request.ip);
    return { loggedOut: true };
  });

  route(app, getSessionUser, async (request) => readSessionUser(ctx.database.db, requireAuth(request).user.id));

  route(
    app,
    changePassword,
    async (request) => {
      await changeOwnPassword(ctx, requireAuth(request), { ...request.body, ipAddress: request.ip });
      return { changed: true };
    },
    { rateLimit: loginLimit },
  );
}
