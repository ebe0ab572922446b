import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { changePasswordBody, loginBody, PASSWORD_MESSAGES, refreshBody, sessionUserSchema, tokensSchema } from '@common/schemas/auth';
import { envelope } from '@common/schemas/api';
import { loginOutcome } from '@common/schemas/totp';
import { users } from '../../db/schema';
import { AppError, unauthorized, validationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { requireAuth } from '../../policies/authorize';
import { ok, type App } from '../../types';
import { writeAudit } from '../audit/write-audit';
import { login, sessionUserOf } from './login';
import { revokeSessions, revokeUserSessions, rotateRefreshToken, sessionUnknown } from './sessions';

export default async function authRoutes(app: App) {
  const ctx = app.ctx;
  const loginLimit = { max: ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: loginLimit },
      schema: { tags: ['auth'], summary: 'Giriş', body: loginBody, response: { 200: envelope(loginOutcome) } },
    },
    async (request) =>
      ok(
        await login(ctx, {
          ...request.body,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
      ),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], summary: 'Token yenileme (rotasyon)', body: refreshBody, response: { 200: envelope(z.object({ tokens: tokensSchema })) } },
    },
    async (request) => {
      const outcome = await rotateRefreshToken(ctx, request.body.refreshToken);
      if (outcome.kind === 'rotated') {
        return ok({ tokens: { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken } });
      }
      if (outcome.kind === 'reused') {
        await ctx.database.db.transaction(async (tx) => {
          await revokeSessions(ctx, [outcome.sessionId], 'refresh_token_reuse', tx);
          await writeAudit(tx, {
            actor: { id: outcome.userId || null, username: null },
            action: 'TOKEN_REUSE_DETECTED',
            resource: 'session',
            resourceId: outcome.sessionId,
            severity: 'critical',
            category: 'security',
            details: { note: 'Harcanmış yenileme anahtarı tekrar kullanıldı; oturum sonlandırıldı' },
            ipAddress: request.ip,
          });
        });
        throw sessionUnknown();
      }
      throw unauthorized('Oturum yenilenemedi');
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'], summary: 'Çıkış', response: { 200: envelope(z.object({ loggedOut: z.boolean() })) } } },
    async (request) => {
      const auth = requireAuth(request);
      await ctx.database.db.transaction(async (tx) => {
        await revokeSessions(ctx, [auth.sessionId], 'logout', tx);
        await writeAudit(tx, {
          actor: { id: auth.user.id, username: auth.user.username },
          action: 'LOGOUT',
          resource: 'session',
          resourceId: auth.sessionId,
          severity: 'low',
          category: 'auth',
          ipAddress: request.ip,
        });
      });
      return ok({ loggedOut: true });
    },
  );

  app.get(
    '/api/auth/me',
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'], summary: 'Oturumdaki kullanıcı', response: { 200: envelope(sessionUserSchema) } } },
    async (request) => {
      const auth = requireAuth(request);
      const [user] = await ctx.database.db.select().from(users).where(eq(users.id, auth.user.id));
      if (!user) throw sessionUnknown();
      return ok(await sessionUserOf(ctx.database.db, user));
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { permission: 'authenticated', rateLimit: loginLimit },
      schema: { tags: ['auth'], summary: 'Şifre değiştir', body: changePasswordBody, response: { 200: envelope(z.object({ changed: z.boolean() })) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const db = ctx.database.db;
      const [user] = await db.select().from(users).where(eq(users.id, auth.user.id));
      if (!user) throw sessionUnknown();
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw validationError({ currentPassword: PASSWORD_MESSAGES.wrongCurrent }, PASSWORD_MESSAGES.wrongCurrent);
      }
      if (request.body.currentPassword === request.body.newPassword) {
        throw new AppError('VALIDATION_FAILED', 'Yeni şifre mevcut şifreden farklı olmalıdır', { newPassword: 'Yeni şifre mevcut şifreden farklı olmalıdır' });
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
        await writeAudit(tx, {
          actor: { id: user.id, username: user.username },
          action: 'CHANGE_PASSWORD',
          resource: 'user',
          resourceId: user.id,
          severity: 'medium',
          category: 'security',
          ipAddress: request.ip,
        });
        // Every other sign-in ends; this one stays.
        await revokeUserSessions(ctx, user.id, 'password_changed', tx, auth.sessionId);
      });
      return ok({ changed: true });
    },
  );
}
