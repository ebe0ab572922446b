import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { totpKit } from './totp-test-kit';

/** Races need a real PostgreSQL: PGlite is one connection and runs statements one by one. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
const kit = totpKit(() => t);

describe.skipIf(!onPostgres)('two-factor races (PostgreSQL; set TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    // Every attempt is checked: the lockout must not be what decides the race.
    await t.app.ctx.database.db.update(systemSettings).set({ maxLoginAttempts: 1000 }).where(eq(systemSettings.id, 1));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 simultaneous sign-ins with one backup code: exactly one succeeds', async () => {
    const { user, backupCodes } = await kit.userWithTotp();
    const challenges: string[] = [];
    for (let i = 0; i < 20; i++) challenges.push(await kit.challengeFor(user.username));
    const results = await Promise.all(challenges.map((c) => kit.secondStep(c, backupCodes[0]!)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
  });

  it('20 simultaneous sign-ins with one TOTP code: exactly one succeeds (the step is claimed once)', async () => {
    const { user, secret } = await kit.userWithTotp();
    const challenges: string[] = [];
    for (let i = 0; i < 20; i++) challenges.push(await kit.challengeFor(user.username));
    const code = await kit.nextCode(secret);
    const results = await Promise.all(challenges.map((c) => kit.secondStep(c, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('one challenge used 20 times at once opens one session', async () => {
    const { user, backupCodes } = await kit.userWithTotp();
    const challenge = await kit.challengeFor(user.username);
    const results = await Promise.all(backupCodes.map((code) => kit.secondStep(challenge, code)).concat(backupCodes.map((code) => kit.secondStep(challenge, code))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
