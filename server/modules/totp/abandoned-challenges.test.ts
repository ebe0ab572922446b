import { expect, it } from 'vitest';
import { totpTestFile } from './totp-test-kit';

/** A right password is not a failure, even when the code step is never finished. */
const { t, kit } = totpTestFile();

it('sign-ins abandoned at the code step never lock the account; each challenge issued is audited', async () => {
  const { user, secret } = await kit.userWithTotp();
  for (let i = 0; i < 7; i++) await kit.challengeFor(user.username);
  const challenge = await kit.challengeFor(user.username);
  const res = await kit.secondStep(challenge, await kit.nextCode(secret));
  expect(res.statusCode, res.body).toBe(200);
  const rows = await t().app.ctx.database.query<{ n: number }>(`select count(*)::int as n from audit_logs where user_id = $1 and action = 'TOTP_CHALLENGE_ISSUED'`, [user.id]);
  expect(rows[0]!.n).toBe(8);
});

it('wrong codes still count: five of them lock the account', async () => {
  const { user, secret } = await kit.userWithTotp();
  for (let i = 0; i < 5; i++) expect((await kit.secondStep(await kit.challengeFor(user.username), '000000')).statusCode).toBe(401);
  const locked = await kit.post('/api/auth/login', { username: user.username, password: 'test-password-1' });
  expect(locked.statusCode).toBe(401);
  void secret;
});
