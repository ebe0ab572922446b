import { changePassword, getSessionUser, login as loginEndpoint, logout as logoutEndpoint, refreshTokens } from '@common/contract/auth';
import { loginWithTotp } from '@common/contract/totp';
import { route } from '../../lib/route';
import { requireAuth } from '../../policies/authorize';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@common/schemas/auth';
import { AppError, unauthorized } from '../../lib/errors';
import type { App } from '../../types';
import { clearSessionCookies, refreshTokenOf, requireCsrf, setSessionCookies } from './auth-cookies';
import { changeOwnPassword } from './change-password';
import { completeTotpLogin } from './complete-totp-login';
import { login, readSessionUser, type SignedIn } from './login';
import { logout } from './logout';
import { refreshSession } from './refresh-session';

/** Tokens: no browser or proxy may keep a copy. */
const NO_STORE = 'no-store';

export default async function authRoutes(app: App) {
  const ctx = app.ctx;
  const config = ctx.config;
  const loginLimit = { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  /** A finished sign-in: the refresh token goes into its HttpOnly cookie, never into the JSON. */
  const signedIn = (request: Pick<FastifyRequest, 'cookies' | 'headers' | 'protocol'>, reply: FastifyReply, { answer, refreshToken }: SignedIn) => {
    setSessionCookies(config, request, reply, refreshToken, 'new');
    return answer;
  };

  route(
    app,
    loginEndpoint,
    async (request, reply) => {
      const result = await login(ctx, { ...request.body, ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', NO_STORE);
      return 'totpRequired' in result ? result : signedIn(request, reply, result);
    },
    { rateLimit: loginLimit },
  );

  route(
    app,
    refreshTokens,
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      requireCsrf(config, request);
      const presented = refreshTokenOf(request);
      if (!presented) throw unauthorized(AUTH_MESSAGES.signInRequired);
      try {
        const { accessToken, refreshToken } = await refreshSession(ctx, { refreshToken: presented, ipAddress: request.ip });
        setSessionCookies(config, request, reply, refreshToken, 'keep');
        return { tokens: { accessToken } };
      } catch (error) {
        // A refused refresh token is no use to the browser any more: it forgets it.
        if (error instanceof AppError && error.status === 401) clearSessionCookies(config, request, reply);
        throw error;
      }
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
      return signedIn(request, reply, result);
    },
    { rateLimit: loginLimit },
  );

  // The session is the bearer's. A browser's call carries the refresh cookie: then it must carry the
  // CSRF token too, and the answer clears both cookies.
  route(app, logoutEndpoint, async (request, reply) => {
    const auth = requireAuth(request);
    const fromBrowser = refreshTokenOf(request) !== undefined;
    if (fromBrowser) requireCsrf(config, request);
    await logout(ctx, auth, request.ip);
    if (fromBrowser) clearSessionCookies(config, request, reply);
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
