import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@common/enums';
import { systemSettings } from '../../db/schema';
import { bearer, buildUser, createTestApp, login, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { totpCodeAt } from './totp-code';
import { sessionCacheOf } from '../sessions';

/** Helpers for driving two-factor sign-in through the real HTTP app. */
export function totpKit(getApp: () => TestApp) {
  const t = () => getApp();
  const post = (url: string, payload: unknown, token?: string) =>
    t().app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
  const get = (url: string, token: string) => t().app.inject({ method: 'GET', url, headers: bearer(token) });
  /** The code of the current step; the clock moves on a step first, so no step is used twice. */
  const nextCode = async (secret: string) => {
    t().clock.advance(30_000);
    return totpCodeAt(secret, t().clock.now());
  };

  /** A user with 2FA on: returns their secret, backup codes and the token of the setup session. */
  async function userWithTotp(opts: { role?: Role; projects?: number[] } = {}) {
    const user = await buildUser(t().app, opts);
    const { accessToken } = await login(t().app, user.username);
    const setup = await post('/api/auth/totp/setup', {}, accessToken);
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().data.manualEntryKey as string;
    const enable = await post('/api/auth/totp/enable', { token: await nextCode(secret) }, accessToken);
    expect(enable.statusCode, enable.body).toBe(200);
    return { user, secret, backupCodes: enable.json().data.backupCodes as string[], accessToken };
  }

  /** The first step: must answer a challenge, no tokens. */
  async function challengeFor(username: string, password = TEST_PASSWORD): Promise<string> {
    const res = await post('/api/auth/login', { username, password });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ totpRequired: true, challenge: expect.any(String) });
    return data.challenge as string;
  }

  const secondStep = (challenge: string, code: string) => post('/api/auth/login/totp', { challenge, code });

  async function setRequiredRoles(roles: Role[]) {
    await t().app.ctx.database.db.update(systemSettings).set({ twoFactorRequiredRoles: roles }).where(eq(systemSettings.id, 1));
    sessionCacheOf(t().app.ctx).invalidate();
  }

  return { post, get, nextCode, userWithTotp, challengeFor, secondStep, setRequiredRoles };
}

/** A test file's own app, opened before its tests and closed after them, with the 2FA kit over it. */
export function totpTestFile(): { t: () => TestApp; kit: ReturnType<typeof totpKit> } {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  const t = () => app!;
  return { t, kit: totpKit(t) };
}
