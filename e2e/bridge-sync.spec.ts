import { expect, test, type Page } from '@playwright/test';
import { loginAs, screenshot } from './helpers';

/**
 * Bridge sync in the browser, against the demo server: its projects read a real external
 * database (the embedded one started in demo mode). Run with E2E_PORT=3240.
 */

/** Records every state the progress bar shows, however briefly (a demo job takes well under a second). */
async function watchProgressBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __syncProgress: string[] }).__syncProgress = seen;
    const record = () =>
      document.querySelectorAll('[role="progressbar"]').forEach((bar) => {
        const text = bar.getAttribute('aria-valuetext') ?? '';
        if (seen[seen.length - 1] !== text) seen.push(text);
      });
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __syncProgress: string[] }).__syncProgress);

const statusCards = (page: Page) => page.getByRole('region', { name: 'Senkronizasyon durumu' });
const logRows = (page: Page) => page.getByTestId('sync-log-row');

/** The API with the signed-in user's token, to check what the screens do not show yet. */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bonus-auth') ?? '{}').state?.token as string);
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test.describe('bridge senkronizasyon', () => {
  test('yönetici senkronizasyonu başlatır; ilerleme ve yeni log sayfa yenilenmeden görünür', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Bridge Senkronizasyon' }).click();
    await expect(page).toHaveURL(/\/bridge-sync$/);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Bridge Senkronizasyon');

    // A fresh demo: nothing synced yet.
    await expect(statusCards(page).getByText('Bekliyor')).toBeVisible();
    await expect(statusCards(page).getByText('Hiç')).toBeVisible();
    await expect(page.getByText('Log bulunamadı')).toBeVisible();
    await expect(page.getByText('Henüz senkronizasyon logu bulunmuyor.')).toBeVisible();
    await screenshot(page, 'bridge-sync-empty');

    await watchProgressBar(page);
    const url = page.url();
    await expect(page.getByLabel('Senkronizasyon Türü')).toHaveValue('bonus');
    await page.getByRole('button', { name: 'Senkronizasyonu Başlat' }).click();
    await expect(page.getByText('Senkronizasyon başlatıldı')).toBeVisible();

    // The job's row arrives over the socket: success, 80 rows read and written, started by Elif Demir.
    const row = logRows(page).first();
    await expect(row).toContainText('Başarılı');
    await expect(row.getByRole('cell').nth(0)).toHaveText('Bonus Verileri');
    await expect(row.getByRole('cell').nth(5)).toHaveText('80');
    await expect(row.getByRole('cell').nth(6)).toHaveText('80');
    await expect(row.getByRole('cell').nth(8)).toHaveText('Elif Demir');
    expect(page.url()).toBe(url);
    expect((await progressSeen(page)).length).toBeGreaterThan(0);

    await expect(statusCards(page).getByText('Bekliyor')).toBeVisible();
    await expect(statusCards(page).getByText('%100')).toBeVisible();
    await expect(statusCards(page).getByText('Hiç')).toHaveCount(0);
    await screenshot(page, 'bridge-sync-after-import');

    // The imported requests are the project's now (the bonus screens show them once they land).
    const imported = await apiGet<{ total: number; items: { externalId: string; source: string }[] }>(
      page,
      '/api/bonus/projects/1/requests?search=GOLD-EXT&limit=100',
    );
    expect(imported.total).toBe(80);
    expect(imported.items.every((r) => r.externalId.startsWith('GOLD-EXT-') && r.source === 'sync')).toBe(true);

    // Personnel: agents of the project's own system.
    await page.getByLabel('Senkronizasyon Türü').selectOption('personnel');
    await expect(page.getByLabel('Tam Senkronizasyon')).toBeDisabled();
    await page.getByRole('button', { name: 'Senkronizasyonu Başlat' }).click();
    await expect(logRows(page).first()).toContainText('Personel Verileri');
    await expect(logRows(page).first()).toContainText('Başarılı');
    await expect(logRows(page)).toHaveCount(2);

    // A custom sync needs its dates.
    await page.getByLabel('Senkronizasyon Türü').selectOption('custom');
    await page.getByRole('button', { name: 'Senkronizasyonu Başlat' }).click();
    await expect(page.getByText('Başlangıç tarihi gereklidir')).toBeVisible();
    await expect(page.getByText('Bitiş tarihi gereklidir')).toBeVisible();
    await expect(logRows(page)).toHaveCount(2);
  });

  test('karanlık temada ve telefonda okunur; operatör logları görür ama başlatamaz', async ({ page }) => {
    await loginAs(page, 'operator');
    await page.goto('/bridge-sync');
    await expect(logRows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Senkronizasyonu Başlat' })).toHaveCount(0);
    await expect(statusCards(page).getByText('Toplam Senkronizasyon')).toBeVisible();

    await page.getByRole('button', { name: 'Koyu temaya geç' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await screenshot(page, 'bridge-sync-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(statusCards(page)).toBeVisible();
    await screenshot(page, 'bridge-sync-phone');
  });
});
