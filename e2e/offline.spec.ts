import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yFindings, loginAs, socketIndicator, toast } from './helpers';

/**
 * The truth when the server cannot be reached: every screen whose data could not be fetched
 * says 'Sunucuya ulaşılamıyor' with 'Tekrar Dene' (never 'N/A · Veri bulunamadı' or an endless
 * 'Yükleniyor...'), the connection badges turn to 'Bağlantı Yok', and they come back with the server.
 */
const UNREACHABLE = 'Sunucuya ulaşılamıyor';
const nav = (page: import('@playwright/test').Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).first();

test('with the API unreachable the dashboard, /bonus and the advanced dashboard say so, the badges turn, and they come back with the server without a storm of calls', async ({ page }) => {
  await loginAs(page, 'manager');
  await expect(socketIndicator(page)).toContainText('Bağlı');

  const unreachable = (route: import('@playwright/test').Route) => route.abort('connectionrefused');
  await page.route('**/api/**', unreachable);
  // The dashboard already has its data: a refresh that fails keeps it, under a banner.
  await page.getByRole('button', { name: 'Verileri Yenile' }).click();
  await expect(page.getByText(UNREACHABLE).first()).toBeVisible();
  await expect(socketIndicator(page)).toContainText('Bağlantı Yok');

  await nav(page, 'Bonus Talepleri').click();
  await expect(page).toHaveURL(/\/bonus/);
  await expect(page.getByRole('main').getByText(UNREACHABLE).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('main').getByRole('button', { name: 'Tekrar Dene' }).first()).toBeVisible();
  await expect(page.getByTestId('live-badge')).toHaveText('Bağlantı Yok');
  await expect(page.getByText('Yükleniyor...')).toHaveCount(0);

  await nav(page, 'Gelişmiş Dashboard').click();
  await expect(page.getByRole('main').getByText(UNREACHABLE).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Veri bulunamadı')).toHaveCount(0);
  await expectNoSeriousA11yFindings(page, 'advanced dashboard, server unreachable', 'main');

  // The server is back, but the app's own check (GET /api/health) stays cut (a proxy that blocks it).
  // The screen's own next call brings it back ('Yenile' makes one at once); the cut check must not
  // turn that into a storm of calls, flipping between 'Bağlı' and 'Bağlantı Yok'.
  let healthCalls = 0;
  await page.route('**/api/health', (route) => {
    healthCalls++;
    return route.abort('connectionrefused');
  });
  await page.unroute('**/api/**', unreachable);
  await page.getByRole('main').getByRole('button', { name: 'Yenile', exact: true }).click();
  await expect(page.getByText('Sistem Aktif')).toBeVisible();
  await expect(page.getByRole('main').getByText(UNREACHABLE)).toHaveCount(0);
  await expect(socketIndicator(page)).toContainText('Bağlı');
  await expect(toast(page, 'Canlı bağlantı kesildi')).toHaveCount(0);
  const before = healthCalls;
  // Three more refreshes, each waited for to its answer, as the measure of time: the storm this
  // guards against asked the health check every 20 ms; the recovery probe asks every few seconds.
  for (let i = 0; i < 3; i++) {
    const answered = page.waitForResponse((response) => response.url().includes('/dashboard/stats') && response.ok());
    await page.getByRole('main').getByRole('button', { name: 'Yenile', exact: true }).click();
    await answered;
  }
  expect(healthCalls - before).toBeLessThanOrEqual(1);
  await expect(socketIndicator(page)).toContainText('Bağlı');
});

test("a 500 from the /bonus list shows the error with 'Tekrar Dene' within seconds, never 'Yükleniyor...' for good", async ({ page }) => {
  await loginAs(page, 'manager');
  let failing = true;
  await page.route(/\/api\/bonus\/projects\/\d+\/requests\?/, (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Beklenmeyen bir hata oluştu' }) }) : route.fallback(),
  );
  await nav(page, 'Bonus Talepleri').click();
  const alert = page.getByRole('table', { name: 'Bonus talepleri' }).getByRole('alert');
  // The server answered with an error: the screen says so with its message, not that it cannot be reached.
  await expect(alert).toContainText('Beklenmeyen bir hata oluştu', { timeout: 5_000 });
  await expect(alert).not.toContainText(UNREACHABLE);
  await expect(page.getByText('Yükleniyor...')).toHaveCount(0);
  // The server answered: the connection itself is fine.
  await expect(page.getByTestId('live-badge')).toHaveText('Canlı');
  await expectNoSeriousA11yFindings(page, '/bonus list failed', 'main');
  failing = false;
  await alert.getByRole('button', { name: 'Tekrar Dene' }).click();
  await expect(page.getByRole('table', { name: 'Bonus talepleri' }).locator('tbody tr[data-request-id]').first()).toBeVisible();
});

test('a socket that cannot reconnect turns the badges and says so once, however many retries fail', async ({ page }) => {
  let cut = false;
  let refused = 0;
  const open: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) {
      refused++;
      return void ws.close();
    }
    ws.connectToServer();
    open.push(ws);
  });
  await page.route(/\/socket\.io\//, (route) => {
    if (!cut) return route.continue();
    refused++;
    return route.abort('connectionrefused');
  });
  await loginAs(page, 'manager');
  await nav(page, 'Bonus Talepleri').click();
  await expect(page.getByTestId('live-badge')).toHaveText('Canlı');

  cut = true;
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await expect(socketIndicator(page)).toContainText('Bağlantı Yok');
  await expect(page.getByTestId('live-badge')).toHaveText('Bağlantı Yok');
  await expect(toast(page, 'Canlı bağlantı kesildi')).toHaveCount(1);
  // socket.io retries every 1–5 s: several failed retries later, still one notice.
  const before = refused;
  await expect.poll(() => refused - before, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(toast(page, 'Canlı bağlantı kesildi')).toHaveCount(1);

  cut = false;
  await expect(page.getByTestId('live-badge')).toHaveText('Canlı', { timeout: 30_000 });
  await expect(socketIndicator(page)).toContainText('Bağlı');
  await expect(toast(page, 'Canlı bağlantı kesildi')).toHaveCount(0);
});
