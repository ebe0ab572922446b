import { expect, test } from '@playwright/test';
import { card, clickArmed, column, createRequestByForm as createRequest, loginAs } from './helpers';

/** Issue 31 §3–4: the customer's history before paying; 'Olası tekrar' on both requests, and the tick to pay one. */


test("aynı müşterinin iki talebi birbirini 'Olası tekrar' diye gösterir; detay ve tamamlama müşteri geçmişini gösterir, tekrar kontrolü işaretlenmeden ödenmez", async ({ page }) => {
  await loginAs(page, 'operator');
  const stamp = Date.now();
  const [older, newer] = [`CH-1-${stamp}`, `CH-2-${stamp}`];
  const customer = `gecmis_${stamp}`;
  await createRequest(page, older, customer, '100');
  await createRequest(page, newer, customer, '200');

  // Both ways: the older card names the newer one by its external reference, and the newer the older.
  const waiting = column(page, 'Bekleyen');
  await expect(card(waiting, older).getByTestId('duplicate-flag')).toContainText(`Olası tekrar:${newer}`);
  await expect(card(waiting, newer).getByTestId('duplicate-flag')).toContainText(`Olası tekrar:${older}`);

  // The flag opens the other request; its detail shows the customer's history with the first request in it.
  await card(waiting, older).getByRole('button', { name: `Olası tekrar: ${newer} talebini aç` }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(`Talep Detayı · ${newer}`) });
  await expect(detail).toBeVisible();
  const history = detail.getByTestId('customer-summary');
  await expect(history).toContainText('Bu müşteri son 30 günde bonus almadı');
  await expect(history).toContainText('Açık talepler: Bekleyen 2');
  await expect(history.getByRole('list', { name: 'Son talepler' })).toContainText(older);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Paying the older one: its completion dialog shows the history and asks for the tick.
  await clickArmed(card(waiting, older).getByRole('button', { name: /Üzerime Al|Bana ayır/ }));
  const mine = card(column(page, 'Üzerimde'), older);
  await expect(mine).toBeVisible();
  await clickArmed(mine.getByRole('button', { name: 'Tamamla' }));
  const dialog = page.getByRole('dialog', { name: 'Talebi tamamla' });
  await expect(dialog.getByTestId('customer-summary').getByRole('list', { name: 'Son talepler' })).toContainText(newer);
  await expect(dialog.getByTestId('complete-duplicates')).toContainText(newer);
  await dialog.getByRole('button', { name: 'Tamamla' }).click();
  await expect(dialog.getByText('Tekrar olmadığını kontrol ettim" kutusunu işaretleyin', { exact: false })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Tekrar olmadığını kontrol ettim' }).check();
  await dialog.getByRole('button', { name: 'Tamamla' }).click();
  await expect(card(column(page, 'Tamamlanan'), older)).toBeVisible();

  // The newer request's history now counts the payment.
  // A completed duplicate was paid: it stays on the newer card.
  await expect(card(waiting, newer).getByTestId('duplicate-flag')).toContainText(older);
  await card(waiting, newer).click({ position: { x: 4, y: 4 } });
  const second = page.getByRole('dialog', { name: new RegExp(`Talep Detayı · ${newer}`) });
  await expect(second.getByTestId('customer-paid')).toHaveText(/Bu müşteri son 30 günde 1 bonusla ₺100,00 aldı/);
});
