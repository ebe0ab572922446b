import { expect, it } from 'vitest';
import { buildUser, login } from '../../test/harness';
import { totpTestFile } from '../totp/totp-test-kit';

/** Tokens, 2FA secrets and backup codes must never be kept by a browser or proxy cache. */
const { t, kit } = totpTestFile();

it('every /api/auth answer carrying a secret (and every other /api/auth answer) is no-store', async () => {
  const { user, secret, accessToken } = await kit.userWithTotp();
  const answers = {
    regenerate: await kit.post('/api/auth/totp/regenerate-backup-codes', { token: await kit.nextCode(secret) }, accessToken),
    challenge: await kit.post('/api/auth/login', { username: user.username, password: 'test-password-1' }),
    status: await kit.get('/api/auth/totp/backup-codes', accessToken),
    me: await kit.get('/api/auth/me', accessToken),
    refused: await kit.post('/api/auth/totp/enable', { token: '000000' }, accessToken),
  };
  const second = await kit.secondStep(answers.challenge.json().data.challenge, await kit.nextCode(secret));
  expect(second.statusCode, second.body).toBe(200);
  for (const [name, res] of Object.entries({ ...answers, second })) expect(res.headers['cache-control'], name).toBe('no-store');

  const other = (await login(t().app, (await buildUser(t().app)).username)).accessToken;
  const setup = await kit.post('/api/auth/totp/setup', {}, other);
  expect(setup.headers['cache-control'], 'setup').toBe('no-store');
  const enable = await kit.post('/api/auth/totp/enable', { token: await kit.nextCode(setup.json().data.manualEntryKey) }, other);
  expect(enable.statusCode).toBe(200);
  expect(enable.headers['cache-control'], 'enable').toBe('no-store');
});
