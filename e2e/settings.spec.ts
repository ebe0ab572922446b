import { expect, test, type Page } from '@playwright/test';
import { SETTINGS_MESSAGES } from '../common/schemas/settings';
import { loginAs, screenshot } from './helpers';

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Sistem Ayarları' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Sistem Ayarları');
  await expect(page.getByLabel('Uygulama Adı')).toBeVisible();
}

const save = (page: Page) => page.getByRole('button', { name: 'Ayarları Kaydet' }).click();

test.describe('sistem ayarları', () => {
  test('uygulama adını değiştirir ve kenar çubuğunda, sekme başlığında ve giriş sayfasında görür', async ({ page, browser }) => {
    await loginAs(page, 'superadmin');
    await openSettings(page);
    const name = `Altın Panel ${Date.now().toString(36)}`;
    await page.getByLabel('Uygulama Adı').fill(name);
    await save(page);
    await expect(page.getByText(SETTINGS_MESSAGES.saved)).toBeVisible();
    await expect(page.getByRole('complementary').getByTestId('app-name').first()).toHaveText(name);
    await expect(page).toHaveTitle(`Sistem Ayarları · ${name}`);
    await screenshot(page, 'settings-saved');

    const other = await browser.newContext();
    const login = await other.newPage();
    await login.goto('/login');
    await expect(login.getByTestId('app-name')).toHaveText(name);
    await other.close();

    await page.getByLabel('Uygulama Adı').fill('Bonus Management System');
    await save(page);
    await expect(page.getByRole('complementary').getByTestId('app-name').first()).toHaveText('Bonus Management System');
  });

  test('oturum zaman aşımını 5 dakika yapar; yeniden yüklemede kayıtlı değeri görür', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await openSettings(page);
    const timeout = page.getByLabel('Oturum Zaman Aşımı (dakika)');
    await timeout.fill('5');
    await save(page);
    await expect(page.getByText(SETTINGS_MESSAGES.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Oturum Zaman Aşımı (dakika)')).toHaveValue('5');
    await page.getByLabel('Oturum Zaman Aşımı (dakika)').fill('120');
    await save(page);
    await expect(page.getByText(SETTINGS_MESSAGES.saved).first()).toBeVisible();
  });

  test("projenin saat dilimini değiştirir; ekranlar tarihleri o saat diliminde gösterir", async ({ page }) => {
    await loginAs(page, 'superadmin');
    await openSettings(page);
    const zone = page.getByLabel('Saat Dilimi');
    // The audit row this save writes is shown at the save's wall-clock time in New York (UTC−5/−4), not Istanbul's.
    const savedAround = [Date.now()];
    await zone.selectOption('America/New_York');
    await save(page);
    await expect(page.getByText(SETTINGS_MESSAGES.saved)).toBeVisible();
    savedAround.push(Date.now());
    try {
      await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Audit Logları' }).click();
      const inZone = (timeZone: string) =>
        savedAround.map((at) => new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(at));
      const newYork = inZone('America/New_York');
      await expect(page.getByRole('cell', { name: new RegExp(`^(${newYork.join('|')})$`) }).first()).toBeVisible();
      await expect(page.getByRole('cell', { name: new RegExp(`^(${inZone('Europe/Istanbul').join('|')})$`) })).toHaveCount(0);
    } finally {
      await page.goto('/settings');
      await page.getByLabel('Saat Dilimi').selectOption('Europe/Istanbul');
      await save(page);
      await expect(page.getByText(SETTINGS_MESSAGES.saved).first()).toBeVisible();
    }
  });

  test('her doğrulama mesajını alanında gösterir, yazılanı korur ve ayrılmadan önce uyarır', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await openSettings(page);
    await page.getByLabel('Uygulama Adı').fill('');
    await page.getByLabel('Oturum Zaman Aşımı (dakika)').fill('');
    await page.getByLabel('Maksimum Giriş Denemesi').fill('');
    await page.getByLabel('Senkronizasyon Aralığı (dakika)').fill('');
    await save(page);
    await expect(page.getByText(SETTINGS_MESSAGES.appNameRequired)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.sessionTimeoutRequired)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.maxLoginAttemptsRequired)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.syncIntervalRequired)).toBeVisible();

    await page.getByLabel('Uygulama Adı').fill('Bonus Management System');
    await page.getByLabel('Oturum Zaman Aşımı (dakika)').fill('4');
    await page.getByLabel('Maksimum Giriş Denemesi').fill('0');
    await page.getByLabel('Senkronizasyon Aralığı (dakika)').fill('0');
    await save(page);
    await expect(page.getByText(SETTINGS_MESSAGES.sessionTimeoutMin)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.maxLoginAttemptsMin)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.syncIntervalMin)).toBeVisible();
    await expect(page.getByLabel('Oturum Zaman Aşımı (dakika)')).toHaveValue('4');
    await screenshot(page, 'settings-validation');

    // A toggle says why it is off on a server without its channel: SMS here. E-mail works in demo
    // mode without SMTP: the demo inbox writes it to the server log (docs/demo.md).
    await expect(page.getByText(SETTINGS_MESSAGES.smsNotConfigured)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.emailNotConfigured)).toHaveCount(0);
    await expect(page.getByLabel('E-posta bildirimleri')).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Son bildirimler' })).toBeVisible();

    // Leaving with unsaved changes asks first; dismissing stays.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(SETTINGS_MESSAGES.unsavedChanges);
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Panel' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Sistem Ayarları');
  });

  test('390 px genişlikte yatay kaydırma olmadan kullanılır', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'superadmin');
    await page.goto('/settings');
    await expect(page.getByLabel('Uygulama Adı')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
