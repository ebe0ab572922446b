import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, createTestApp, login, refreshWith, sessionCookiesOf, type TestApp } from '../../test/harness';

/** Two tabs refreshing with one token must not fork the sign-in into two chains. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const refresh = (refreshToken: string) => refreshWith(t.app, { refreshToken });

it('a spent token presented again within the grace gets the same successor pair, and the chain stays one', async () => {
  const user = await buildUser(t.app);
  const first = await login(t.app, user.username);
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const res = await refresh(first.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    answers.push({ ...(res.json().data.tokens as { accessToken: string }), refreshToken: sessionCookiesOf(res).refreshToken });
    t.clock.advance(3_000);
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  // One successor: it refreshes once, and the chain goes on from there.
  const next = await refresh(answers[0]!.refreshToken);
  expect(next.statusCode).toBe(200);
  const rows = await t.app.ctx.database.query<{ n: number }>(
    `select count(*)::int as n from refresh_tokens r join sessions s on s.id = r.session_id where s.user_id = $1`,
    [user.id],
  );
  // The login's token, its one successor, and the successor's successor.
  expect(rows[0]!.n).toBe(3);
});

it('two tabs sharing the cookie refresh at the same moment: both succeed with the same pair, the sign-in stays', async () => {
  const user = await buildUser(t.app);
  const first = await login(t.app, user.username);
  const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
  expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  expect(sessionCookiesOf(a).refreshToken).toBe(sessionCookiesOf(b).refreshToken);
  expect(a.json().data.tokens).toEqual(b.json().data.tokens);
  // The shared cookie now holds the successor: the next refresh of either tab goes on from it.
  expect((await refresh(sessionCookiesOf(a).refreshToken)).statusCode).toBe(200);
});
