import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../../db/test-database';
import { bearer, buildProject, buildUser, createTestApp, login, TEST_PASSWORD, type TestApp } from '../../test/harness';

/** Sign-in findings of the attack (issue 14): parallel guesses, change-password guesses, Turkish names, equal cost. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const attempt = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** FAILED_LOGIN rows by reason, and LOGIN rows, of one user. */
async function checkedGuesses(userId: number) {
  const rows = await t.app.ctx.database.query<{ action: string; reason: string | null }>(
    `select action, details->>'reason' as reason from audit_logs where user_id = $1 and action in ('LOGIN', 'FAILED_LOGIN')`,
    [userId],
  );
  // A password was checked for a success and for every counted failure; not for 'locked'.
  return rows.filter((r) => r.action === 'LOGIN' || ['wrong_password', 'locked_now', 'inactive', 'wrong_current_password'].includes(r.reason ?? '')).length;
}

describe('parallel guesses (finding 3)', () => {
  it(`checks at most maxLoginAttempts passwords out of 200 simultaneous attempts${usingPostgres() ? ' (PostgreSQL)' : ''}`, async () => {
    const user = await buildUser(t.app);
    const guesses = Array.from({ length: 199 }, (_, i) => attempt(user.username, `wrong-${i}`));
    const results = await Promise.all([...guesses, attempt(user.username, TEST_PASSWORD)]);
    // Each answer is a refusal; on a loaded machine a few may find no free database connection in
    // time (200 sign-ins wait on one user's row) and answer the clean 503 instead — never a sign-in.
    expect(results.map((r) => r.statusCode).filter((s) => s !== 401 && s !== 503)).toEqual([]);
    expect(await checkedGuesses(user.id)).toBeLessThanOrEqual(5);
    // 199 wrong guesses came before the right one: it arrives locked out.
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(401);
  }, 60_000);

  it('a lock ends after its window, and the first guess after it starts a new count', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 5; i++) await attempt(user.username, 'wrong');
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    t.clock.advance(16 * 60_000);
    expect((await attempt(user.username, 'wrong')).statusCode).toBe(401);
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('change-password guesses (finding 5)', () => {
  it('wrong current passwords count toward the sign-in lockout', async () => {
    const user = await buildUser(t.app);
    const { accessToken } = await login(t.app, user.username);
    const change = (currentPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(accessToken), payload: { currentPassword, newPassword: 'yepyeni-sifre-42' } });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    const right = await change(TEST_PASSWORD);
    expect(right.statusCode).toBe(400);
    expect(right.json().errors.currentPassword).toBeDefined();
    expect((await attempt(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect(await checkedGuesses(user.id)).toBe(1 + 5);
  });
});

describe('Turkish capitals in usernames (finding 8)', () => {
  it.each([
    ['İbrahim', ['İbrahim', 'ibrahim', 'IBRAHIM', 'İBRAHİM']],
    ['Irmak', ['Irmak', 'ırmak', 'irmak', 'IRMAK']],
    ['ılgaz', ['ılgaz', 'Ilgaz', 'ILGAZ', 'ilgaz']],
    ['iclal', ['iclal', 'İclal', 'Iclal', 'ıclal']],
    ['Şule.Öz', ['şule.öz', 'ŞULE.ÖZ']],
  ])('a user created as %s signs in as typed in any case', async (name, typed) => {
    const project = await buildProject(t.app);
    const admin = await buildUser(t.app, { role: 'super_admin', projects: [project.id] });
    const { accessToken } = await login(t.app, admin.username);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(accessToken),
      payload: { username: name, fullName: 'Türkçe Ad', email: `u${Date.now()}${Math.random().toString(36).slice(2)}@example.com`, role: 'agent', password: TEST_PASSWORD, projectIds: [project.id] },
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const form of typed) expect((await attempt(form, TEST_PASSWORD)).statusCode, form).toBe(200);
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(accessToken),
      payload: { username: typed.at(-1), fullName: 'İkiz', email: 'ikiz@example.com', role: 'agent', password: TEST_PASSWORD, projectIds: [project.id] },
    });
    expect(twin.statusCode).toBe(409);
  });
});

describe.skipIf(usingPostgres())('equal cost for unknown and known names (finding 9)', () => {
  /** Statements one call sends to the database (the embedded client), BEGIN and COMMIT included. */
  async function statementsOf(call: () => Promise<unknown>): Promise<number> {
    const client = (t.app.ctx.database.db as unknown as { $client: Record<string, (...args: never[]) => unknown> }).$client;
    const query = client.query!;
    const transaction = client.transaction!;
    let n = 0;
    client.query = (...args) => (n++, query.apply(client, args));
    client.transaction = ((fn: (tx: Record<string, (...a: unknown[]) => unknown>) => unknown) => {
      n += 2;
      return transaction.call(client, ((tx: Record<string, (...a: unknown[]) => unknown>) => {
        const txQuery = tx.query!;
        tx.query = (...args) => (n++, txQuery.apply(tx, args));
        return fn(tx);
      }) as never);
    }) as never;
    try {
      await call();
    } finally {
      client.query = query;
      client.transaction = transaction;
    }
    return n;
  }

  it('an unknown name, a wrong password and a locked account send the same statements and one argon2 check', async () => {
    const user = await buildUser(t.app);
    const unknown = await statementsOf(() => attempt('nobody-by-this-name', 'whatever'));
    const wrong = await statementsOf(() => attempt(user.username, 'whatever'));
    expect(unknown).toBe(wrong);
    for (let i = 0; i < 5; i++) await attempt(user.username, 'whatever');
    const locked = await statementsOf(() => attempt(user.username, 'whatever'));
    expect(locked).toBe(wrong);
  });
});
