import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yFindings, loginAs, pageSession, toast } from './helpers';

/**
 * 'API anahtarları': an admin creates a token for a machine in the browser, sees it once, the
 * machine reads the project's requests with it (and nothing else), and revoking it stops it at once.
 */
test('an admin creates a token that reads requests, is shown once, and stops working when revoked', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Sistem Ayarları' }).click();
  await expect(page.getByRole('heading', { name: 'API anahtarları' })).toBeVisible();

  await page.getByRole('button', { name: 'Yeni Anahtar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yeni API anahtarı' });
  const name = `Ödeme sistemi ${Date.now()}`;
  await dialog.getByLabel(/Anahtar adı/).fill(name);
  await dialog.getByLabel('Talepleri okuma').check();
  await expectNoSeriousA11yFindings(page, 'yeni API anahtarı', 'dialog[open]');
  // A hurried Enter twice: one token, and the second Enter does not close the only view of it.
  await dialog.getByLabel(/Anahtar adı/).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const secret = page.getByTestId('api-token-secret');
  await expect(secret).toHaveText(/^bp_[A-Za-z0-9_-]{43}$/);
  await page.keyboard.press('Enter');
  await expect(secret).toBeVisible();
  const token = (await secret.textContent())!;
  await page.getByRole('button', { name: 'Tamam' }).click();
  await expect(secret).toBeHidden();
  const row = page.getByTestId('api-token-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Etkin');
  await expect(page.getByText(token)).toHaveCount(0);

  const { activeProjectId } = await pageSession(page);
  const asMachine = (url: string) => page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect((await asMachine(`/api/bonus/projects/${activeProjectId}/requests?limit=5`)).status()).toBe(200);
  expect((await asMachine('/api/users')).status()).toBe(403);

  await row.getByRole('button', { name: `${name} anahtarını iptal et` }).click();
  await page.getByRole('dialog', { name: 'API anahtarı iptal edilsin mi?' }).getByRole('button', { name: 'İptal Et' }).click();
  await expect(toast(page, 'API anahtarı iptal edildi')).toBeVisible();
  await expect(row).toContainText('İptal edildi');
  expect((await asMachine(`/api/bonus/projects/${activeProjectId}/requests?limit=5`)).status()).toBe(401);
});
