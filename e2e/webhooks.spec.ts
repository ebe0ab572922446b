import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES } from '../common/schemas/webhooks';
import { expectNoSeriousA11yFindings, loginAs, SCREENSHOT_DIR, toast, transitionsSettled } from './helpers';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 200 and keeps every POST with its raw body. */
async function startReceiver(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('alındı');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** `sha256=<hex>` of "timestamp.body" with the secret, compared in constant time. */
function signedWith(secret: string, delivery: Received): boolean {
  const timestamp = delivery.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string;
  const header = delivery.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`);
  const given = Buffer.from(header.split(',')[0]!.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark !== (theme === 'dark')) await page.getByRole('button', { name: /temaya geç/ }).first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
  await transitionsSettled(page);
}

/**
 * 'Webhooklar': an admin adds a webhook to a receiver of their own in the browser, keeps its secret
 * (shown once), sends a test, and the receiver gets a POST signed with that secret; the delivery
 * log shows it delivered with the receiver's answer.
 */
test('an admin adds a webhook, its test event arrives signed with the secret shown once, and the log shows it delivered', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const url = `http://127.0.0.1:${receiver.port}/hook`;
    await loginAs(page, 'admin');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Sistem Ayarları' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooklar' })).toBeVisible();

    await page.getByRole('button', { name: 'Yeni Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni webhook' });
    await dialog.getByLabel(/URL/).fill(url);
    await dialog.getByLabel('Talep oluşturuldu').check();
    await expect(dialog.getByRole('switch', { name: 'Etkin' })).toBeChecked();
    await expectNoSeriousA11yFindings(page, 'yeni webhook', 'dialog[open]');
    // A hurried Enter twice: one webhook, and its secret stays on screen.
    await dialog.getByLabel(/URL/).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const secretBox = page.getByTestId('webhook-secret');
    await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(WEBHOOK_MESSAGES.secretShownOnce)).toBeVisible();
    const secret = (await secretBox.textContent())!;
    await page.getByRole('button', { name: 'Tamam' }).click();
    await expect(secretBox).toBeHidden();

    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Talep oluşturuldu');
    await expect(row).toContainText('Etkin');
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: 'Test gönder' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.testQueued)).toBeVisible();
    const testEvent = () => receiver.received.find((r) => r.headers[WEBHOOK_HEADERS.event.toLowerCase()] === 'webhook.test');
    await expect.poll(() => testEvent()?.path).toBe('/hook');
    const arrived = testEvent()!;
    expect(signedWith(secret, arrived)).toBe(true);
    expect(signedWith(`${secret}x`, arrived)).toBe(false);
    expect(receiver.received.filter((r) => r.headers[WEBHOOK_HEADERS.event.toLowerCase()] === 'webhook.test')).toHaveLength(1);

    await row.getByRole('button', { name: 'Gönderimler' }).click();
    const log = page.getByRole('dialog', { name: 'Gönderimler' });
    const delivered = log.getByTestId('webhook-delivery').filter({ hasText: arrived.headers[WEBHOOK_HEADERS.eventId.toLowerCase()] as string });
    await expect(delivered).toContainText('Test olayı');
    await expect(delivered).toContainText('Teslim edildi');
    await expect(delivered.getByTestId('webhook-attempt')).toContainText('HTTP 200');
    await expect(delivered.getByTestId('webhook-attempt')).toContainText('alındı');
    await expectNoSeriousA11yFindings(page, 'gönderimler', 'dialog[open]');
    await log.screenshot({ path: `${SCREENSHOT_DIR}/webhooks-deliveries.png` });
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // The card in both themes, and on a phone without sideways page scroll.
    const card = page.getByTestId('webhooks-card');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await expectNoSeriousA11yFindings(page, `webhooklar (${theme})`, '[data-testid="webhooks-card"]');
      await card.screenshot({ path: `${SCREENSHOT_DIR}/webhooks-card-${theme}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await expect(row.getByRole('button', { name: 'Gönderimler' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await card.screenshot({ path: `${SCREENSHOT_DIR}/webhooks-card-390.png` });
    await row.getByRole('button', { name: 'Düzenle' }).click();
    const edit = page.getByRole('dialog', { name: 'Webhooku düzenle' });
    await expect(edit.getByLabel(/URL/)).toHaveValue(url);
    await expect(edit.getByLabel('Talep oluşturuldu')).toBeChecked();
    await edit.screenshot({ path: `${SCREENSHOT_DIR}/webhooks-edit-390.png` });
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();

    // Removed after its confirmation, so no later test's events go to a closed receiver.
    await row.getByRole('button', { name: 'Sil' }).click();
    await page.getByRole('dialog', { name: 'Webhook silinsin mi?' }).getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, WEBHOOK_MESSAGES.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
