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

/** The dashboard's 'Toplam Talep' tile as a number ('2.800' → 2800). */
async function dashboardTotal(page: Page): Promise<number> {
  const tile = page.getByRole('region', { name: 'İstatistik özeti' }).locator('div.rounded-xl', { hasText: 'Toplam Talep' });
  const value = tile.locator('p').nth(1);
  await expect(value).toHaveText(/^[\d.]+$/);
  return Number((await value.textContent())!.replace(/\./g, ''));
}

test.describe('proje yönetimi', () => {
  test("'Senkronize' projenin senkronizasyonunu başlatır ve son senkronizasyon tarihi yenilenmeden güncellenir", async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/projects');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kral Slot' }) });
    await expect(card).toContainText('Hiç senkronize edilmemiş');
    await card.getByRole('button', { name: 'Kral Slot projesini senkronize et' }).click();
    await expect(page.getByText('Senkronizasyon başlatıldı')).toBeVisible();
    await expect(card).not.toContainText('Hiç senkronize edilmemiş', { timeout: 15_000 });
    await expect(card.getByRole('button', { name: 'Kral Slot projesini senkronize et' })).toBeEnabled();
    await screenshot(page, 'projects-synced');
  });
});

test.describe('bridge senkronizasyon', () => {
  test('yönetici senkronizasyonu başlatır; ilerleme ve yeni log sayfa yenilenmeden görünür', async ({ page }) => {
    await loginAs(page, 'manager');
    const totalBefore = await dashboardTotal(page);
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

    // The job's row arrives over the socket: success, every row of the project's system read and
    // written (80 seeded, and a few more when the demo feeder has run), started by Elif Demir.
    const row = logRows(page).first();
    await expect(row).toContainText('Başarılı');
    await expect(row.getByRole('cell').nth(0)).toHaveText('Bonus Verileri');
    await expect(row.getByRole('cell').nth(8)).toHaveText('Elif Demir');
    const written = Number(await row.getByRole('cell').nth(6).textContent());
    expect(written).toBeGreaterThanOrEqual(80);
    await expect(row.getByRole('cell').nth(5)).toHaveText(String(written));
    expect(page.url()).toBe(url);
    expect((await progressSeen(page)).length).toBeGreaterThan(0);

    await expect(statusCards(page).getByText('Bekliyor')).toBeVisible();
    await expect(statusCards(page).getByText('%100')).toBeVisible();
    await expect(statusCards(page).getByText('Hiç')).toHaveCount(0);
    await screenshot(page, 'bridge-sync-after-import');

    // The imported requests: as many more on the dashboard, and each one on /bonus.
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Panel' }).click();
    await expect.poll(() => dashboardTotal(page)).toBe(totalBefore + written);
    await page.goto('/bonus?search=GOLD-EXT');
    const table = page.getByRole('table', { name: 'Bonus talepleri' });
    await expect(table.getByRole('row').nth(1)).toContainText('GOLD-EXT-5000');
    await expect(page.getByText(`1-20 / ${written} kayıt`, { exact: true })).toBeVisible();
    await screenshot(page, 'bridge-sync-imported-requests');
    await page.goto('/bridge-sync');

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

  test("panelde 'Bridge Sync' senkronizasyonu tetikler; son senkron kayıtları sayfa yenilenmeden güncellenir", async ({ page }) => {
    await loginAs(page, 'admin');
    const panel = page.getByRole('table', { name: 'Bridge senkronizasyon kayıtları' });
    // Rows of jobs (not the loading or empty message); the panel lists up to five, this spec makes fewer.
    const jobRows = panel.getByRole('row').filter({ hasText: 'Verileri' });
    await expect(panel.getByText('Senkron kayıtları yükleniyor…')).toHaveCount(0);
    const before = await jobRows.count();
    await page.getByRole('button', { name: 'Bridge Sync' }).click();
    await expect(page.getByText('Bridge senkronizasyonu tetiklendi')).toBeVisible();
    await expect(jobRows).toHaveCount(before + 1);
    const newest = jobRows.first();
    await expect(newest).toContainText('Bonus Verileri');
    await expect(newest).toContainText('Başarılı');
    await expect(page.getByRole('button', { name: 'Bridge Sync' })).toBeEnabled();
    await screenshot(page, 'dashboard-bridge-sync');
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
