import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { loginAs, screenshot } from './helpers';

// These screens load a lazy chunk with Chart.js and several queries: on a shared, loaded machine
// their first paint can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** Serious or critical axe findings in the screen itself (the frame around it is other specs' business). */
async function seriousFindings(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark !== (theme === 'dark')) await page.getByRole('button', { name: /temaya geç/ }).first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
}

test.describe('Gelişmiş Dashboard', () => {
  test('draws three charts with legends, switches auto and manual mode, refreshes in place', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/advanced-dashboard');
    await expect(page.getByText('Sistem Aktif')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(3);
    for (const name of ['Haftalık talep trendi', 'Agent performansı', 'Durum dağılımı']) {
      await expect(page.getByRole('img', { name })).toBeVisible();
      // The figures of each chart are in a visually hidden table named like it.
      await expect(page.getByRole('table', { name })).toHaveCount(1);
    }
    // Legends are drawn by Chart.js inside the canvas; the figure carries the position it was configured with.
    await expect(page.locator('figure[data-legend-position="top"] canvas')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Sistem Sağlığı' })).toBeVisible();
    await expect(page.getByText('API çalışma süresi')).toBeVisible();
    // Four eyes: the approval tiles of the last 30 days (or their one empty message).
    await expect(page.getByRole('heading', { name: 'Onaylar' })).toBeVisible();

    const auto = page.getByLabel('Otomatik yenileme');
    const interval = page.getByLabel('Yenileme aralığı');
    await expect(auto).toBeChecked();
    await expect(interval).toBeEnabled();
    await expect(interval).toHaveValue('30000');
    await expect(page.getByText('Otomatik yenileme aktif')).toBeVisible();
    await interval.selectOption('10000');
    await auto.uncheck();
    await expect(page.getByText('Manuel mod')).toBeVisible();
    await expect(interval).toBeDisabled();
    const stats = page.waitForResponse((r) => r.url().includes('/dashboard/stats'));
    await page.getByRole('button', { name: 'Yenile', exact: true }).click();
    await stats;
    // The screen kept its state: still manual, the chosen interval kept.
    await expect(page.getByText('Manuel mod')).toBeVisible();
    await expect(interval).toHaveValue('10000');
    await screenshot(page, 'advanced-dashboard');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      expect(await seriousFindings(page), theme).toEqual([]);
    }
  });

  test('shows the error panel and retries', async ({ page }) => {
    await loginAs(page, 'manager');
    let fail = true;
    await page.route('**/dashboard/stats**', (route) => (fail ? route.fulfill({ status: 500, body: '{"success":false,"code":"INTERNAL","message":"x"}' }) : route.continue()));
    await page.goto('/advanced-dashboard');
    await expect(page.getByText('Veri Yüklenemedi')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Dashboard verileri yüklenirken bir hata oluştu.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Tekrar Dene' }).click();
    await expect(page.getByText('Sistem Aktif')).toBeVisible();
  });
});

test.describe('Raporlar', () => {
  test('changes with the period, and the CSV download matches the table', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/reports');
    const total = page.locator('p', { hasText: 'Toplam Talep' }).locator('..').locator('..');
    await expect(page.getByRole('heading', { name: /Detaylı Rapor|Bu dönemde talep yok/ })).toBeVisible();
    const thisMonth = await total.innerText();
    await page.getByLabel('Ay', { exact: true }).fill('2020-01');
    await expect(page.getByText('Bu dönemde talep yok')).toBeVisible();
    // Approvals are decisions of the period, shown even without requests created in it.
    await expect(page.getByRole('heading', { name: 'Onaylar' })).toBeVisible();
    expect(await total.innerText()).not.toEqual(thisMonth);
    await page.getByLabel('Dönem').selectOption('range');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    await page.getByLabel('Başlangıç').fill(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
    await page.getByLabel('Bitiş').fill(today);
    const types = page.getByRole('table', { name: 'Bonus Türleri' });
    await expect(types).toBeVisible();
    const screenRows = await types.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV indir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bonus-raporu-[A-Z]+-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    // The file starts with a header; each table is a header line and its rows, the Turkish decimal comma in every number.
    expect(lines[0]!.split(';').length).toBeGreaterThan(1);
    const start = lines.indexOf('Bonus Türü;Talep;Tamamlanan;Tamamlanan Tutar') + 1;
    expect(start).toBeGreaterThan(0);
    const fileRows = lines.slice(start, start + screenRows.length).map((l) => l.split(';'));
    expect(fileRows.map((r) => [r[0], r[1], r[2]])).toEqual(screenRows.map((r) => [r[0], r[1]!.replace(/\./g, ''), r[2]!.replace(/\./g, '')]));
    await screenshot(page, 'reports');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      expect(await seriousFindings(page), theme).toEqual([]);
    }
  });

  test('is usable at 390 px without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'manager');
    for (const path of ['/reports', '/advanced-dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /CSV indir|Yenile/ }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});

test.describe('Bonus Talepleri: Dışa Aktar', () => {
  test('exports every row the filters match', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/bonus?status=completed');
    const listed = page.waitForResponse((r) => /\/requests\?/.test(r.url()) && r.request().method() === 'GET');
    await page.reload();
    const total = ((await (await listed).json()) as { data: { total: number } }).data.total;
    await page.getByRole('button', { name: 'Dışa Aktar' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'CSV indir' }).click();
    const text = readFileSync((await (await downloading).path())!, 'utf8');
    const rows = text.slice(1).split('\r\n').filter(Boolean);
    // The header is the first line: no title line above it.
    expect(rows[0]!.split(';')).toContain('Durum');
    expect(rows.length - 1).toBe(total);
    expect(rows.slice(1).every((r) => r.split(';')[7] === 'Tamamlandı')).toBe(true);
  });
});
