import { expect, test, type Page } from '@playwright/test';
import { loginAs, pageSession } from './helpers';

/**
 * Issue 31, who else is looking: one person opens a request's detail; another person's board
 * shows an eye on that card, and their own detail of it names the first.
 */

const card = (page: Page, title: string) => page.getByRole('region', { name: 'Bekleyen', exact: true }).getByRole('listitem', { name: title, exact: true });
const detail = (page: Page) => page.getByRole('dialog', { name: /^Talep Detayı/ });

async function createRequest(page: Page, externalId: string) {
  const session = await pageSession(page);
  const res = await page.evaluate(
    async ({ session, externalId }) => {
      const res = await fetch(`/api/bonus/projects/${session.activeProjectId}/requests`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ externalId, customerUsername: 'bakan_oyuncu', amount: '12.50', priority: 5 }),
      });
      return res.status;
    },
    { session, externalId },
  );
  expect(res).toBe(201);
}

test('a detail open on one screen shows as an eye on the other screen’s card, and as a line in its detail', async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await loginAs(first, 'operator'); // Mert Kaya
  await loginAs(second, 'manager'); // Elif Demir
  const externalId = `BAKAN-${Date.now()}`;
  await createRequest(first, externalId);

  await expect(card(first, externalId)).toBeVisible();
  await expect(card(second, externalId)).toBeVisible();
  await expect(card(second, externalId).getByRole('img', { name: /kişi bakıyor/ })).toHaveCount(0);

  // The first opens the detail: the second's card shows one person looking; the first's own card does not.
  await card(first, externalId).click();
  await expect(detail(first)).toBeVisible();
  await expect(card(second, externalId).getByRole('img', { name: '1 kişi bakıyor' })).toBeVisible();
  await expect(detail(first).getByRole('status').filter({ hasText: 'bu talebe bakıyor' })).toHaveCount(0);

  // The second opens it too: each detail names the other.
  await card(second, externalId).click();
  await expect(detail(second).getByText('Mert Kaya da bu talebe bakıyor')).toBeVisible();
  await expect(detail(first).getByText('Elif Demir de bu talebe bakıyor')).toBeVisible();

  // The first closes theirs: the second's line goes.
  await detail(first).getByRole('button', { name: 'Kapat' }).click();
  await expect(detail(first)).toBeHidden();
  await expect(detail(second).getByText('Mert Kaya da bu talebe bakıyor')).toBeHidden();
  await expect(card(first, externalId).getByRole('img', { name: '1 kişi bakıyor' })).toBeVisible();
});

test('a board opened after someone opened a detail shows the eye at once', async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  await loginAs(first, 'operator');
  const externalId = `GEC-${Date.now()}`;
  await createRequest(first, externalId);
  await card(first, externalId).click();
  await expect(detail(first)).toBeVisible();

  const late = await (await browser.newContext()).newPage();
  await loginAs(late, 'manager');
  await expect(card(late, externalId).getByRole('img', { name: '1 kişi bakıyor' })).toBeVisible();
});
