import { expect, it } from 'vitest';
import { buildUser, login, refreshWith } from '../../test/harness';
import { totpTestFile } from './totp-test-kit';

/** Turning 2FA on must not leave a session opened without it (perhaps by whoever had the password). */
const { t, kit } = totpTestFile();

it("enabling 2FA ends the user's other sessions; the current one stays", async () => {
  const user = await buildUser(t().app);
  const current = await login(t().app, user.username);
  const other = await login(t().app, user.username);
  const setup = await kit.post('/api/auth/totp/setup', {}, current.accessToken);
  const enabled = await kit.post('/api/auth/totp/enable', { token: await kit.nextCode(setup.json().data.manualEntryKey) }, current.accessToken);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const otherMe = await kit.get('/api/auth/me', other.accessToken);
  expect(otherMe.statusCode).toBe(401);
  expect(otherMe.json().message).toBe('Session ID unknown');
  expect((await refreshWith(t().app, other)).statusCode).toBe(401);
  expect((await kit.get('/api/auth/me', current.accessToken)).statusCode).toBe(200);
});
