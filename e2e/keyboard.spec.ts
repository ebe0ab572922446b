import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginAs, openLogin } from './helpers';

/** Keyboard-first (issue 15): the global shortcuts, their help, and the shortest path to a completed request. */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test("'?' lists the shortcuts; g b, g d and / move around; none acts while typing", async ({ page }) => {
  await loginAs(page, 'operator');
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Klavye kısayolları' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Sonraki talep')).toBeVisible();
  await expect(help.getByText("Bonus Talepleri'ne git")).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/bonus/);
  const search = page.getByPlaceholder('Kullanıcı ID veya açıklama ara...');
  await expect(search).toBeVisible();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Typed into the field, the same keys are only text.
  await page.keyboard.type('g d ?');
  await expect(search).toHaveValue('g d ?');
  await expect(page).toHaveURL(/\/bonus/);
  await expect(help).toBeHidden();

  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);
  const first = page.getByRole('table', { name: 'Bonus talepleri' }).locator('tbody tr[data-request-card]').first();
  await expect(first).toBeVisible();
  await search.blur();
  await page.keyboard.press('j');
  await expect(first).toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** The sign-in form filled in, and a `press` that counts every key from there on. */
async function credentialsTyped(page: Page, username: string) {
  await openLogin(page);
  await page.getByLabel('Kullanıcı Adı').fill(username);
  await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
  const keys: string[] = [];
  const press = async (key: string) => {
    keys.push(key);
    await page.keyboard.press(key);
  };
  return { keys, press };
}

test('from the credentials to a completed request in six keys', async ({ page }) => {
  const { keys, press } = await credentialsTyped(page, 'agent3');

  await press('Enter'); // sign in
  await expect(page).toHaveURL(/\/dashboard$/);
  const waiting = page.getByRole('region', { name: 'Bekleyen', exact: true });
  await expect(waiting.getByRole('listitem').first()).toBeVisible();
  await press('j'); // the first request of the queue
  const title = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '';
  expect(title).not.toBe('');
  await press('Enter'); // its detail
  const detail = page.getByRole('dialog', { name: `Talep Detayı · ${title}` });
  await expect(detail).toBeVisible();
  await press('a'); // claim
  await expect(toast(page, 'Talep üzerinize alındı')).toBeVisible();
  await press('t'); // complete: the confirmation opens
  const confirm = page.getByRole('dialog', { name: 'Talebi tamamla' });
  await expect(confirm).toBeVisible();
  await press('Enter'); // confirm
  await expect(toast(page, 'Talep tamamlandı')).toBeVisible();
  for (const column of ['Bekleyen', 'Üzerimde']) {
    await expect(page.getByRole('region', { name: column, exact: true }).getByRole('listitem', { name: title, exact: true })).toHaveCount(0);
  }
  expect(keys).toEqual(['Enter', 'j', 'Enter', 'a', 't', 'Enter']);
});

test('on the board: h/l change column, the hint opens the list', async ({ page }) => {
  await loginAs(page, 'agent2');
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(column('Bekleyen').getByRole('listitem').first()).toBeVisible();
  await expect(column('Tamamlanan').getByRole('listitem').first()).toBeVisible();

  // h/l: from the queue to the next column that shows a card, and back.
  const firstWaiting = column('Bekleyen').getByRole('listitem').first();
  await firstWaiting.focus();
  await page.keyboard.press('l');
  const focusedColumn = () => page.evaluate(() => document.activeElement?.closest('[data-request-list]')?.getAttribute('data-request-list'));
  expect(await focusedColumn()).not.toBe('waiting');
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-request-card'))).toBe(true);
  await page.keyboard.press('h');
  await expect(firstWaiting).toBeFocused();

  await page.getByRole('button', { name: 'Kısayollar' }).click();
  const help = page.getByRole('dialog', { name: 'Klavye kısayolları' });
  await expect(help.getByText('Sağdaki sütun')).toBeVisible();
});

test('on the board: five keys from the credentials to a completed request', async ({ page }) => {
  const { keys, press } = await credentialsTyped(page, 'agent2');

  await press('Enter'); // sign in
  await expect(page).toHaveURL(/\/dashboard$/);
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(column('Bekleyen').getByRole('listitem').first()).toBeVisible();
  await press('j'); // the first request of the queue
  const title = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? '';
  expect(title).not.toBe('');
  await press('a'); // claim: focus follows the card to 'Üzerimde'
  const mine = column('Üzerimde').getByRole('listitem', { name: title, exact: true });
  await expect(mine).toBeVisible();
  await expect(mine).toBeFocused();
  await press('t'); // complete: the confirmation opens
  await expect(page.getByRole('dialog', { name: 'Talebi tamamla' })).toBeVisible();
  await press('Enter'); // confirm
  await expect(toast(page, 'Talep tamamlandı')).toBeVisible();
  await expect(column('Tamamlanan').getByRole('listitem', { name: title, exact: true })).toBeVisible();
  expect(keys).toEqual(['Enter', 'j', 'a', 't', 'Enter']);
});
