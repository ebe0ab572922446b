import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openLogin } from './helpers';

/** Issue 32, items 4 and 13: what is typed is what is sent, and a lockout says so. */

test('20 sign-ins typed as soon as the form shows each send exactly what was typed', async ({ page }) => {
  // Twenty page loads on a busy machine: more than one test's usual minute.
  test.setTimeout(240_000);
  // The sign-in answers are the test's own (a refusal), so 20 tries stay clear of the per-minute
  // sign-in limit; the page, its health call (the demo flag) and its timing are the real server's.
  const sent: unknown[] = [];
  await page.route('**/api/auth/login', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.fulfill({ status: 401, json: { success: false, code: 'UNAUTHORIZED', message: 'Giriş başarısız. Bilgileri kontrol edin.' } });
  });
  const typed: { username: string; password: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const credentials = { username: ['agent2', 'operator', 'manager', 'superadmin'][i % 4]!, password: `yazilan-${i}` };
    typed.push(credentials);
    await page.goto('/login');
    const username = page.getByLabel('Kullanıcı Adı');
    await expect(username).toBeVisible();
    // At once, key by key, while the demo flag may still be on its way.
    await username.pressSequentially(credentials.username);
    await page.getByLabel('Şifre').pressSequentially(credentials.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Giriş başarısız. Bilgileri kontrol edin.');
    expect(sent).toHaveLength(i + 1);
  }
  expect(sent).toEqual(typed);
});

test('the demo accounts are buttons beside empty fields; one fills both and Enter signs in', async ({ page }) => {
  await openLogin(page);
  await expect(page.getByLabel('Kullanıcı Adı')).toHaveValue('');
  await expect(page.getByLabel('Şifre')).toHaveValue('');
  await page.getByRole('group', { name: 'Demo hesapları:' }).getByRole('button', { name: 'agent1' }).click();
  await expect(page.getByLabel('Kullanıcı Adı')).toHaveValue('agent1');
  await expect(page.getByLabel('Şifre')).toHaveValue(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a locked name is told 'Hesap geçici olarak kilitlendi' and the time it opens", async ({ page }) => {
  // A name no account has locks like an account (no demo user is locked for the tests after this one).
  await openLogin(page);
  const username = page.getByLabel('Kullanıcı Adı');
  const password = page.getByLabel('Şifre');
  const alert = page.getByRole('alert');
  await username.fill('kilit-deneme');
  for (let i = 0; i < 4; i++) {
    await password.fill(`yanlis-${i}`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await answered;
    await expect(alert).toHaveText('Giriş başarısız. Bilgileri kontrol edin.');
  }
  await password.fill('yanlis-son');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  // The time alone on the same day; with its date when the lock ends after midnight.
  await expect(alert).toHaveText(/^Hesap geçici olarak kilitlendi\. (\d{1,2} \S+ \d{4} )?\d{2}:\d{2} itibarıyla yeniden deneyebilirsiniz\.$/);
});
