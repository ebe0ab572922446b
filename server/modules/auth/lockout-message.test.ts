import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountLockedMessage, LOGIN_MESSAGES } from '@common/login-messages';
import { systemSettings, unknownLoginNames, users } from '../../db/schema';
import { buildUser, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { totpKit } from '../totp/totp-test-kit';

/** Issue 32, item 13: a lockout says so and until when, for a stranger's name just as for a user's. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { nextCode, userWithTotp, challengeFor, secondStep } = totpKit(() => t);
const db = () => t.app.ctx.database.db;
const attempt = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** An answer with its time taken out, to compare two answers' shape (status, headers' names, body). */
function shape(res: Awaited<ReturnType<typeof attempt>>) {
  const body = res.json() as Record<string, unknown>;
  const message = String(body.message).replace(/\d{1,2} \S+ \d{4} /, '<gün> ').replace(/\d{2}:\d{2}/, '<saat>');
  const headers = Object.keys(res.headers)
    .filter((h) => !['date', 'x-request-id', 'content-length'].includes(h))
    .sort();
  return { status: res.statusCode, headers, body: { ...body, message } };
}

const lockOfUser = async (id: number) => (await db().select({ at: users.lockedUntil }).from(users).where(eq(users.id, id)))[0]!.at!;
const lockOfName = async (key: string) =>
  (await db().select({ at: unknownLoginNames.lockedUntil }).from(unknownLoginNames).where(eq(unknownLoginNames.nameKey, key)))[0]!.at!;

describe('the lockout answer', () => {
  it("a locked account is told 'Hesap geçici olarak kilitlendi' and the time it opens, from the guess that locked it; the right password too", async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 4; i++) expect((await attempt(user.username, 'wrong')).json()).toMatchObject({ code: 'UNAUTHORIZED', message: LOGIN_MESSAGES.failed });
    const fifth = await attempt(user.username, 'wrong');
    const until = await lockOfUser(user.id);
    expect(until.getTime() - t.clock.now().getTime()).toBeGreaterThan(14 * 60_000);
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED', message: accountLockedMessage(until, t.clock.now()) });
    // The time alone on the same day; with its date when the lock ends after midnight (Istanbul).
    expect(fifth.json().message).toMatch(/^Hesap geçici olarak kilitlendi\. (\d{1,2} \S+ \d{4} )?\d{2}:\d{2} itibarıyla yeniden deneyebilirsiniz\.$/);

    const right = await attempt(user.username, TEST_PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: accountLockedMessage(until, t.clock.now()) });
  });

  it('an unknown name locked the same way gets the same answer at every step, and opens after the same window', async () => {
    const user = await buildUser(t.app);
    const stranger = `yok-${user.username}`;
    for (let i = 0; i < 7; i++) {
      const known = await attempt(user.username, 'wrong');
      const unknown = await attempt(stranger, 'wrong');
      expect(shape(unknown), `guess ${i + 1}`).toEqual(shape(known));
      expect(unknown.json().code).toBe(i < 4 ? 'UNAUTHORIZED' : 'ACCOUNT_LOCKED');
    }
    // The time each names is its own lock's, formatted alike.
    const now = t.clock.now();
    expect((await attempt(stranger, 'x')).json().message).toBe(accountLockedMessage(await lockOfName(stranger), now));
    expect((await attempt(stranger.toUpperCase(), 'x')).json().code).toBe('ACCOUNT_LOCKED');

    // After the window both start counting again from one.
    t.clock.advance(t.app.ctx.config.LOGIN_LOCK_MINUTES * 60_000 + 61_000);
    for (let i = 0; i < 4; i++) expect(shape(await attempt(stranger, 'wrong'))).toEqual(shape(await attempt(user.username, 'wrong')));
    expect((await attempt(stranger, 'wrong')).json().code).toBe('ACCOUNT_LOCKED');
  });

  it('a correct two-factor code during the lockout is refused with the lockout message', async () => {
    await db().update(systemSettings).set({ maxLoginAttempts: 3 }).where(eq(systemSettings.id, 1));
    try {
      const { user, secret } = await userWithTotp();
      const challenge = await challengeFor(user.username);
      for (let i = 0; i < 2; i++) expect((await secondStep(challenge, '000000')).json().code).toBe('UNAUTHORIZED');
      const third = await secondStep(challenge, '000000');
      const until = await lockOfUser(user.id);
      expect(third.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: accountLockedMessage(until, t.clock.now()) });

      const right = await secondStep(challenge, await nextCode(secret));
      expect(right.statusCode).toBe(401);
      expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: accountLockedMessage(until, t.clock.now()) });
      expect(right.json().message).toContain('Hesap geçici olarak kilitlendi');
      // The password step says the same.
      expect((await attempt(user.username, TEST_PASSWORD)).json().code).toBe('ACCOUNT_LOCKED');
    } finally {
      await db().update(systemSettings).set({ maxLoginAttempts: 5 }).where(eq(systemSettings.id, 1));
    }
  });
});

describe('accountLockedMessage', () => {
  it('names the Istanbul wall-clock time, rounded up to the minute, and the day when it is not today there', () => {
    const now = new Date('2025-03-10T10:00:00Z');
    expect(accountLockedMessage(new Date('2025-03-10T10:15:20Z'), now)).toBe('Hesap geçici olarak kilitlendi. 13:16 itibarıyla yeniden deneyebilirsiniz.');
    expect(accountLockedMessage(new Date('2025-03-10T21:30:00Z'), now)).toBe('Hesap geçici olarak kilitlendi. 11 Mart 2025 00:30 itibarıyla yeniden deneyebilirsiniz.');
  });
});
