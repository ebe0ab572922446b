import { expect, test, type Locator, type Page } from '@playwright/test';
import { dragAnnouncement, loginAs, nextFrames, requestRow, screenshot } from './helpers';

/** A board or kanban column, by its heading. */
const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Locator | Page, title: string) => scope.getByRole('listitem', { name: title, exact: true });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openKanban(page: Page) {
  await page.getByRole('group', { name: 'Görünüm' }).getByRole('button', { name: 'Kanban' }).click();
  await expect(page.getByRole('heading', { name: 'Bonus Talepleri Kanban' })).toBeVisible();
  await expect(column(page, 'Bekleyen').getByRole('listitem').first()).toBeVisible();
}

/**
 * Desk actions ignore pointer clicks for a moment after they appear or move (issue 15), so these
 * flows press them from the keyboard, which is never ignored; desk.spec.ts tests the pointer guard.
 */
const press = (button: Locator) => button.press('Enter');

/** Completes through the confirmation, typing the amount when the project's threshold asks for it. */
async function confirmComplete(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Talebi tamamla' });
  await expect(dialog).toBeVisible();
  const typed = dialog.getByLabel(/Doğrulamak için tutarı yazın/);
  if (await typed.count()) await typed.fill((await dialog.getByTestId('complete-amount').innerText()).replace(/[^\d,]/g, ''));
  await dialog.getByRole('button', { name: 'Tamamla' }).click();
  await expect(dialog).toBeHidden();
}

/** A manual request needs a customer and an amount above 0 (issue 15). */
async function createFromForm(page: Page, externalId: string, username: string) {
  const form = page.getByRole('form', { name: 'Manuel Bonus Talebi Oluştur' });
  await form.getByLabel('Dış Referans (opsiyonel)').fill(externalId);
  await form.getByLabel('Kullanıcı Adı').fill(username);
  await form.getByLabel(/Tutar/).fill('75,25');
  await form.getByLabel('Öncelik (1-5)').fill('4');
  await form.getByRole('button', { name: 'Talep Oluştur' }).click();
  await expect(toast(page, 'Bonus talebi oluşturuldu')).toBeVisible();
}

test.describe('panel: board ve manuel talep', () => {
  test('formdan oluşturulan talep Bekleyen → Üzerimde → Tamamlanan yolunu izler', async ({ page }) => {
    await loginAs(page, 'operator');
    await expect(page.getByRole('region', { name: 'İstatistik özeti' }).getByText('Toplam Talep')).toBeVisible();
    const form = page.getByRole('form', { name: 'Manuel Bonus Talebi Oluştur' });
    await form.getByLabel('Öncelik (1-5)').fill('9');
    await form.getByRole('button', { name: 'Talep Oluştur' }).click();
    await expect(form.getByText('Öncelik 1-5 arasında olmalıdır')).toBeVisible();

    const externalId = `E2E-${Date.now()}`;
    await createFromForm(page, externalId, 'e2e_oyuncu');
    const waiting = card(column(page, 'Bekleyen'), externalId);
    await expect(waiting).toBeVisible();
    await expect(waiting).toContainText('e2e_oyuncu');
    // One priority scale: the form's 4 reads 4 on every screen (docs/priority.md).
    await expect(waiting).toContainText('Öncelik: Orta · 4');
    await screenshot(page, 'dashboard-board-created');

    await press(waiting.getByRole('button', { name: /Üzerime Al|Bana ayır/ }));
    await expect(toast(page, 'Talep üzerinize alındı')).toBeVisible();
    const mine = card(column(page, 'Üzerimde'), externalId);
    await expect(mine).toBeVisible();
    await expect(card(column(page, 'Bekleyen'), externalId)).toHaveCount(0);

    await press(mine.getByRole('button', { name: 'Tamamla' }));
    await confirmComplete(page);
    await expect(toast(page, 'Talep tamamlandı')).toBeVisible();
    await expect(card(column(page, 'Tamamlanan'), externalId)).toBeVisible();
    // Completed work is listed by completion time, newest first: the card just completed is on top.
    await expect(column(page, 'Tamamlanan').getByRole('listitem').first()).toHaveAccessibleName(externalId);
    await expect(card(column(page, 'Üzerimde'), externalId)).toHaveCount(0);
    await screenshot(page, 'dashboard-board-completed');

    // The same 4 on /bonus: one scale, one text.
    await page.goto(`/bonus?search=${externalId}`);
    await expect(page.getByRole('row', { name: new RegExp(externalId) })).toContainText('Orta · 4');
  });

  test('ikinci tarayıcı oturumu değişikliği yenilemeden iki saniye içinde görür', async ({ browser }) => {
    const first = await (await browser.newContext()).newPage();
    const second = await (await browser.newContext()).newPage();
    await loginAs(first, 'manager');
    await loginAs(second, 'agent1');
    // The dashboard also holds the agent control panel (composed in by the app), for managers only.
    await expect(first.getByRole('heading', { name: 'Agent Kontrol Paneli' })).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Agent Kontrol Paneli' })).toHaveCount(0);
    await expect(column(second, 'Bekleyen').getByRole('listitem').first()).toBeVisible();

    const externalId = `CANLI-${Date.now()}`;
    await createFromForm(first, externalId, 'canli_oyuncu');
    await expect(card(column(second, 'Bekleyen'), externalId)).toBeVisible({ timeout: 2_000 });

    await press(card(column(first, 'Bekleyen'), externalId).getByRole('button', { name: /Üzerime Al|Bana ayır/ }));
    await expect(card(column(second, 'Bekleyen'), externalId)).toHaveCount(0, { timeout: 2_000 });
    await first.context().close();
    await second.context().close();
  });
});

test.describe('kanban: sürükle bırak', () => {
  test('fareyle Bekleyen → Atanmış atar; desteklenmeyen taşıma reddedilir ve kart yerine döner', async ({ page }) => {
    await loginAs(page, 'agent1');
    await openKanban(page);
    const source = column(page, 'Bekleyen').getByRole('listitem').first();
    const title = (await source.getAttribute('aria-label'))!;
    const target = column(page, 'Atanmış');
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 20);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 25, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await page.mouse.up();
    await expect(card(target, title)).toBeVisible();
    await expect(toast(page, 'Talep üzerinize alındı')).toBeVisible();
    await expect(card(column(page, 'Bekleyen'), title)).toHaveCount(0);
    await screenshot(page, 'kanban-mouse-assigned');

    // Tamamlanan → Bekleyen is no move of the state machine.
    const done = column(page, 'Tamamlanan').getByRole('listitem').first();
    const doneTitle = (await done.getAttribute('aria-label'))!;
    const doneBox = (await done.boundingBox())!;
    const waitingBox = (await column(page, 'Bekleyen').boundingBox())!;
    await page.mouse.move(doneBox.x + doneBox.width / 2, doneBox.y + 20);
    await page.mouse.down();
    await page.mouse.move(doneBox.x + doneBox.width / 2 - 10, doneBox.y + 25, { steps: 3 });
    await page.mouse.move(waitingBox.x + waitingBox.width / 2, waitingBox.y + 80, { steps: 12 });
    await page.mouse.up();
    await expect(toast(page, 'Bu taşıma desteklenmiyor')).toBeVisible();
    await expect(card(column(page, 'Tamamlanan'), doneTitle)).toBeVisible();
    await expect(card(column(page, 'Bekleyen'), doneTitle)).toHaveCount(0);
  });

  test('klavyeyle (boşluk, ok tuşları 25 px, boşluk) Bekleyen → Atanmış atar', async ({ page }) => {
    await loginAs(page, 'agent2');
    await openKanban(page);
    const source = column(page, 'Bekleyen').getByRole('listitem').first();
    const title = (await source.getAttribute('aria-label'))!;
    const target = column(page, 'Atanmış');
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    const presses = Math.ceil((to.x + to.width / 2 - (from.x + from.width / 2)) / 25);

    await source.getByRole('button', { name: `Taşı: ${title}` }).focus();
    await page.keyboard.press('Space');
    const announced = dragAnnouncement(page);
    // Picked up: dnd-kit announces the card over its own column.
    await expect(announced).toContainText(`${title} Bekleyen kolonunun üzerinde.`);
    // dnd-kit moves from where the card was last drawn: a key pressed before that is lost, so
    // each press waits for the move to be drawn; the drop waits until it is announced over the target.
    for (let i = 0; i < presses; i++) {
      await nextFrames(page);
      await page.keyboard.press('ArrowRight');
    }
    await expect(announced).toContainText(`${title} Atanmış kolonunun üzerinde.`);
    await page.keyboard.press('Space');
    // The toast lives a few seconds: look for it while the card moves, not after.
    await Promise.all([expect(card(target, title)).toBeVisible(), expect(toast(page, 'Talep üzerinize alındı')).toBeVisible()]);
    await screenshot(page, 'kanban-keyboard-assigned');
  });
});

test.describe('/bonus tablosu', () => {
  test('filtreler, arar, sıralar, sayfalar, adresi korur ve detay açar', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Bonus Talepleri' }).click();
    await expect(page).toHaveURL(/\/bonus$/);
    await expect(page.getByTestId('live-badge')).toHaveText('Canlı');
    const table = page.getByRole('table', { name: 'Bonus talepleri' });
    const rows = table.locator('tbody tr[data-request-id]');
    await expect(rows).toHaveCount(20);
    await expect(page.getByText(/^1-20 \/ [\d.]+ kayıt$/)).toBeVisible();

    await page.getByRole('group', { name: 'Durum filtresi' }).getByRole('button', { name: 'Tamamlanan' }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(rows.first()).toContainText('Tamamlandı');
    for (const status of await rows.locator('td:nth-child(5)').allInnerTexts()) expect(status).toContain('Tamamlandı');

    // Sort by amount: the first click puts the largest first.
    await table.getByRole('button', { name: 'Tutar' }).click();
    await expect(page).toHaveURL(/sortBy=amount/);
    await expect(table.getByRole('columnheader', { name: 'Tutar' })).toHaveAttribute('aria-sort', 'descending');
    const amounts = async () =>
      (await rows.locator('td:nth-child(3)').allInnerTexts()).map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
    await expect.poll(async () => { const a = await amounts(); return a.every((v, i) => i === 0 || a[i - 1]! >= v); }).toBe(true);

    await page.getByRole('navigation', { name: 'Sayfalama' }).getByRole('button', { name: 'Sayfa 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^21-40 \/ [\d.]+ kayıt$/)).toBeVisible();
    await page.getByLabel('Sayfa başına').selectOption('50');
    await expect(rows).toHaveCount(50);
    await expect(page).not.toHaveURL(/page=2/);

    // Search by the first row's customer, debounced, and the view survives a reload.
    const username = (await rows.first().locator('td:nth-child(2) p').first().innerText()).trim();
    await page.getByPlaceholder('Kullanıcı ID veya açıklama ara...').fill(username);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(username).replace(/\./g, '\\.')}`));
    await expect(rows.first()).toContainText(username);
    await expect(rows.filter({ hasNotText: username })).toHaveCount(0);
    await page.reload();
    await expect(page.getByPlaceholder('Kullanıcı ID veya açıklama ara...')).toHaveValue(username);
    await expect(page.getByRole('group', { name: 'Durum filtresi' }).getByRole('button', { name: 'Tamamlanan' })).toHaveAttribute('aria-pressed', 'true');
    await screenshot(page, 'bonus-table-filtered');

    await rows.first().getByRole('button', { name: 'Detay' }).click();
    const dialog = page.getByRole('dialog', { name: /Talep Detayı/ });
    await expect(dialog.getByText('Zaman Çizelgesi')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Talep geçmişi' }).getByText('Oluşturuldu')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Talep geçmişi' }).getByText('Tamamlandı').first()).toBeVisible();
    await expect(dialog.getByText(username).first()).toBeVisible();
    await screenshot(page, 'bonus-detail');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('satırdan üzerine alır ve tamamlar; ajan Yeni Talep düğmesini görmez', async ({ page }) => {
    await loginAs(page, 'agent3');
    await page.goto('/bonus?status=waiting');
    const rows = page.locator('tbody tr[data-request-id]');
    const first = rows.first();
    const title = (await first.locator('td:first-child p').first().innerText()).trim();
    await press(first.getByRole('button', { name: /Üzerime Al|Bana ayır/ }));
    await expect(toast(page, 'Talep başarıyla atandı')).toBeVisible();
    await expect(requestRow(page, title)).toHaveCount(0);
    // Agents take and complete requests but do not create them.
    await expect(page.getByRole('button', { name: 'Yeni Talep' })).toHaveCount(0);

    await page.goto(`/bonus?status=active&search=${encodeURIComponent(title)}`);
    const mine = requestRow(page, title);
    await press(mine.getByRole('button', { name: 'Tamamla' }));
    await confirmComplete(page);
    await expect(toast(page, 'Talep başarıyla tamamlandı')).toBeVisible();
    await expect(mine).toHaveCount(0);
  });

  test('Yeni Talep penceresi alan hatalarını gösterir ve talep oluşturur', async ({ page }) => {
    await loginAs(page, 'operator');
    await page.goto('/bonus');
    await page.getByRole('button', { name: 'Yeni Talep' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Talep' });
    await expect(dialog.getByLabel('Dış Referans (opsiyonel)')).toBeFocused();
    await dialog.getByText('Diğer bilgiler (opsiyonel)').click();
    await dialog.getByLabel(/Tutar/).fill('12,345');
    await dialog.getByRole('button', { name: 'Talep Oluştur' }).click();
    await expect(dialog.getByText('Tutar geçerli bir sayı olmalıdır (en fazla 2 ondalık)')).toBeVisible();

    const externalId = `YENI-${Date.now()}`;
    await dialog.getByLabel('Dış Referans (opsiyonel)').fill(externalId);
    await dialog.getByLabel('Kullanıcı Adı').fill('cigdem.isik');
    await dialog.getByLabel('Müşteri Adı').fill('Çiğdem Işık');
    await dialog.getByLabel('Bonus Türü').selectOption('cashback');
    await dialog.getByLabel(/Tutar/).fill('1250,50');
    await dialog.getByRole('button', { name: 'Talep Oluştur' }).click();
    await expect(toast(page, 'Bonus talebi oluşturuldu')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = requestRow(page, externalId);
    await expect(row).toBeVisible();
    await expect(row).toContainText('₺1.250,50');
    await expect(row).toContainText('Yeni');
  });
});
