import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AUTH_COOKIES } from '../common/constants';
import { DEMO_PASSWORD, loginAs, openLogin, pageSession, socketIndicator } from './helpers';

/**
 * Tokens out of a script's reach: the refresh token only in an HttpOnly cookie, the access token in
 * memory only, nothing secret in localStorage; a reload and other tabs keep the sign-in.
 */

/** Every value in the page's localStorage, keys included. */
const storedTexts = (page: Page) => page.evaluate(() => Object.keys(localStorage).flatMap((k) => [k, localStorage.getItem(k) ?? '']));

async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === AUTH_COOKIES.refresh);
}

/** Signs in through the form and returns the access token the login answered. */
async function signInCapturingToken(page: Page, username: string): Promise<string> {
  await openLogin(page);
  await page.getByLabel('Kullanıcı Adı').fill(username);
  await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  const body = (await (await answer).json()) as { data: { tokens: Record<string, string> } };
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(Object.keys(body.data.tokens)).toEqual(['accessToken']);
  return body.data.tokens.accessToken!;
}

async function expectNoSecretStored(page: Page, secrets: string[]) {
  const texts = await storedTexts(page);
  for (const secret of secrets) for (const text of texts) expect(text).not.toContain(secret);
  // No JWT of any kind, whatever its name.
  for (const text of texts) expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  for (const text of texts) expect(text).not.toMatch(/refreshToken|accessToken|"token"/);
}

test('giriş: localStorage token tutmaz, yenileme çerezi sayfaya görünmez; sayfa yenilenince oturum sürer', async ({ page, context }) => {
  const accessToken = await signInCapturingToken(page, 'operator');
  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  // Served over plain http here: COOKIE_SECURE is unset, so no Secure flag (the server test covers https).
  expect(cookie!.secure).toBe(false);
  await expectNoSecretStored(page, [accessToken, cookie!.value]);
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain(AUTH_COOKIES.refresh);
  expect(visible).not.toContain(cookie!.value);
  expect(visible).toContain(`${AUTH_COOKIES.csrf}=`);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByTestId('current-username')).toHaveText('operator');
  await expect(socketIndicator(page)).toHaveText('Bağlı');
  const rotated = await refreshCookie(context);
  expect(rotated!.value).not.toBe(cookie!.value);
  await expectNoSecretStored(page, [accessToken, cookie!.value, rotated!.value]);
});

test('ikinci sekme: ilk sekme yenileyince (aynı anda da) ikisi de oturumda kalır; birinde çıkış ikisini de çıkarır', async ({ page, context }) => {
  await loginAs(page, 'operator');
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('banner').getByTestId('current-username')).toHaveText('operator');

  // The first tab refreshes (a reload trades the shared cookie for a new one)…
  const before = (await refreshCookie(context))!.value;
  await page.reload();
  await expect(page.getByRole('banner').getByTestId('current-username')).toHaveText('operator');
  await expect.poll(async () => (await refreshCookie(context))!.value).not.toBe(before);
  // …and the second tab's next refresh goes on from the new cookie.
  await second.reload();
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect(second.getByRole('banner').getByTestId('current-username')).toHaveText('operator');
  await expect(socketIndicator(second)).toHaveText('Bağlı');

  // Both tabs refreshing with the same cookie at the same moment: the server's grace answers both.
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(/\/dashboard$/);
    await expect(tab.getByRole('banner').getByTestId('current-username')).toHaveText('operator');
    await expect(socketIndicator(tab)).toHaveText('Bağlı');
  }
  // Still one live sign-in behind both: a refresh of it works.
  expect((await pageSession(second)).token).toMatch(/^eyJ/);

  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  expect(await refreshCookie(context)).toBeUndefined();
  await second.goto('/dashboard');
  await expect(second).toHaveURL(/\/login$/);
});

test('zorla çıkış: yöneticinin sonlandırdığı agent girişe döner, yenileme oturumu geri getirmez', async ({ page, browser }) => {
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await loginAs(agent, 'agent6');
  await expect(socketIndicator(agent)).toHaveText('Bağlı');

  await loginAs(page, 'superadmin');
  const session = await pageSession(page);
  const status = await page.evaluate(async ({ token, projectIds }) => {
    for (const projectId of projectIds) {
      const list = await fetch(`/api/projects/${projectId}/agents?search=agent6`, { headers: { Authorization: `Bearer ${token}` } });
      const found = ((await list.json()).data?.items ?? []) as { id: number; username: string }[];
      const target = found.find((a) => a.username === 'agent6');
      if (!target) continue;
      const res = await fetch(`/api/auth/admin/projects/${projectId}/agents/${target.id}/force-logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: 'Vardiya bitti' }),
      });
      return res.status;
    }
    return 0;
  }, session);
  expect(status).toBe(200);

  await expect(agent).toHaveURL(/\/login$/);
  await expect(agent.getByText('Oturum sona erdi')).toBeVisible();
  await agent.goto('/dashboard');
  await expect(agent).toHaveURL(/\/login$/);
  await agentContext.close();
});

test('eski sürümün localStorage kaydındaki tokenlar ilk açılışta silinir', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem(
      'bonus-auth',
      JSON.stringify({ state: { token: 'eyJold.access.token', refreshToken: 'old-refresh-token', user: null, projects: [], projectId: null, activeProjectId: null }, version: 0 }),
    ),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bonus-auth') ?? '')).not.toContain('old-refresh-token');
  expect(await page.evaluate(() => localStorage.getItem('bonus-auth') ?? '')).not.toContain('eyJold');
});
