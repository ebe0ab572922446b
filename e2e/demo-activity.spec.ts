import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACTIVITY_MESSAGES } from '../common/schemas/demo';
import { loginAs, pageSession, screenshot } from './helpers';

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name }).click();
const completedColumn = (page: Page) => page.getByRole('region', { name: 'Tamamlanan', exact: true });
const cardNames = (page: Page) => completedColumn(page).getByRole('listitem').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? li.textContent ?? ''));

test.describe('demo etkinliği', () => {
  // Whatever happens in the test, the shared server's later tests never meet a running demo.
  test.afterEach(async ({ page }) => {
    const { token } = await pageSession(page).catch(() => ({ token: null }));
    if (token) await page.request.put('/api/demo/activity', { headers: { Authorization: `Bearer ${token}` }, data: { enabled: false } });
  });

  test('süper admin açar, pano yeniden yüklenmeden değişir, sonra kapatır', async ({ page }) => {
    // A busy machine: the demo's moves share two cores with the browser.
    test.setTimeout(120_000);
    await loginAs(page, 'superadmin');
    await expect(completedColumn(page).getByRole('listitem').first()).toBeVisible();
    const before = new Set(await cardNames(page));
    // A reload would lose this: the board must change by itself.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await nav(page, 'Sistem Ayarları');
    const toggle = page.getByRole('switch', { name: DEMO_ACTIVITY_MESSAGES.label });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(DEMO_ACTIVITY_MESSAGES.explanation)).toBeVisible();
    await toggle.check();
    await expect(page.getByText(DEMO_ACTIVITY_MESSAGES.started)).toBeVisible();
    await expect(toggle).toBeChecked();

    await nav(page, 'Panel');
    // A request the demo typed in, took and completed lands on top of 'Tamamlanan'.
    await expect.poll(async () => (await cardNames(page)).some((name) => !before.has(name)), { timeout: 75_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(page, 'demo-activity-board');

    await nav(page, 'Sistem Ayarları');
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(page.getByText(DEMO_ACTIVITY_MESSAGES.stopped)).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });
});
