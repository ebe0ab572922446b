import { expect, test, type Page } from '@playwright/test';
import { card, clickArmed, column, loginAs, pageSession, toast } from './helpers';

/**
 * Four eyes: an agent completes a request above the project's approval threshold and sees
 * 'Onay Bekliyor'; a manager in a second browser sees it arrive, opens it and approves it.
 */
const THRESHOLD = '900000';

/** Sets the active project's approval threshold as the signed-in admin page (null: off). */
async function setThreshold(page: Page, value: string | null) {
  const session = await pageSession(page);
  const status = await page.evaluate(
    async ({ session, value }) => {
      const url = `/api/projects/${session.activeProjectId}/settings`;
      const headers = { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' };
      const current = (await (await fetch(url, { headers })).json()).data.settings;
      const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify({ ...current, approvalThreshold: value }) });
      return res.status;
    },
    { session, value },
  );
  expect(status).toBe(200);
}

/** A completed request of `customer`, paid by the signed-in page through the API (another bonus type: no duplicate flag). */
async function paidBefore(page: Page, customer: string, amount: string) {
  const session = await pageSession(page);
  const status = await page.evaluate(
    async ({ session, customer, amount }) => {
      const base = `/api/bonus/projects/${session.activeProjectId}/requests`;
      const headers = { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' };
      const created = (await (await fetch(base, { method: 'POST', headers, body: JSON.stringify({ customerUsername: customer, amount, bonusType: 'points', priority: 1 }) })).json()).data;
      await fetch(`${base}/${created.id}/assign`, { method: 'POST', headers, body: '{}' });
      return (await (await fetch(`${base}/${created.id}/complete`, { method: 'POST', headers, body: '{}' })).json()).data.status;
    },
    { session, customer, amount },
  );
  expect(status).toBe('completed');
}

test.describe('dört göz', () => {
  let admin: Page;
  test.beforeAll(async ({ browser }) => {
    admin = await (await browser.newContext()).newPage();
    await loginAs(admin, 'admin');
    await setThreshold(admin, THRESHOLD);
  });
  test.afterAll(async () => {
    await setThreshold(admin, null);
    await admin.context().close();
  });

  test('eşiğin üstündeki tamamlama onaya gider; ikinci tarayıcıdaki yönetici görür, açar ve onaylar', async ({ browser }) => {
    // Three signed-in browsers on one busy machine.
    test.setTimeout(180_000);
    const agent = await (await browser.newContext()).newPage();
    const manager = await (await browser.newContext()).newPage();
    await loginAs(agent, 'operator'); // Mert Kaya: creates and works the request
    await loginAs(manager, 'manager'); // Elif Demir: approves

    const id = `ONAY-${Date.now()}`;
    const customer = `onay_${Date.now()}`;
    // The customer was paid once before: the approver sees it in their history.
    await paidBefore(agent, customer, '150');
    const form = agent.getByRole('form', { name: 'Manuel Bonus Talebi Oluştur' });
    await form.getByLabel('Dış Referans (opsiyonel)').fill(id);
    await form.getByLabel('Kullanıcı Adı').fill(customer);
    await form.getByLabel(/Tutar/).fill('950000');
    await form.getByLabel('Bonus Türü').selectOption('cashback');
    await form.getByLabel('Öncelik (1-5)').fill('5');
    await form.getByRole('button', { name: 'Talep Oluştur' }).click();
    await expect(toast(agent, 'Bonus talebi oluşturuldu').first()).toBeVisible();

    const approvals = manager.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: /Onay Bekleyen/ });
    await expect(approvals).toBeVisible();
    const before = Number((await approvals.getByTestId('approvals-count').textContent({ timeout: 500 }).catch(() => '0')) || '0');

    await clickArmed(card(column(agent, 'Bekleyen'), id).getByRole('button', { name: /Üzerime Al|Bana ayır/ }));
    const mine = card(column(agent, 'Üzerimde'), id);
    await clickArmed(mine.getByRole('button', { name: 'Tamamla' }));
    const dialog = agent.getByRole('dialog', { name: 'Talebi tamamla' });
    await expect(dialog.getByTestId('approval-notice')).toContainText('ikinci bir kişinin onayına gönderilir');
    await dialog.getByLabel(/Doğrulamak için tutarı yazın/).fill('950000');
    await dialog.getByRole('button', { name: 'Onaya Gönder' }).click();
    await expect(toast(agent, 'Talep onaya gönderildi')).toBeVisible();
    // Still the agent's, waiting: 'Onay Bekliyor', and no 'Geri Al' for it.
    await expect(mine.getByText('Onay Bekliyor')).toBeVisible();
    await expect(mine.getByTestId('approval-summary')).toContainText('Mert Kaya');
    await expect(toast(agent, 'Talep onaya gönderildi').getByRole('button', { name: 'Geri Al' })).toHaveCount(0);

    // The manager sees it arrive, live: the sidebar count goes up; the list filtered to approvals shows it.
    await expect(approvals.getByTestId('approvals-count')).toHaveText(String(before + 1));
    await approvals.click();
    await expect(manager).toHaveURL(/\/bonus\?status=approval/);
    const row = manager.getByRole('row', { name: new RegExp(id) }).or(manager.getByRole('listitem', { name: id, exact: true })).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /Detay/ }).first().click();
    const detail = manager.getByRole('dialog', { name: /^Talep Detayı/ });
    await expect(detail.getByTestId('approval-summary')).toContainText('Onay eşiği aşıldı');
    await expect(detail.getByTestId('customer-paid')).toHaveText('Bu müşteri son 30 günde 1 bonusla ₺150,00 aldı');
    // One key approves, after a confirmation that names the amount; focus starts on 'Vazgeç'.
    await detail.getByRole('heading', { name: 'Zaman Çizelgesi' }).click();
    await manager.keyboard.press('o');
    const confirm = manager.getByRole('dialog', { name: 'Talebi onayla' });
    await expect(confirm.getByTestId('approve-amount')).toContainText('950.000');
    await expect(confirm.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(manager, 'Talep onaylandı ve tamamlandı')).toBeVisible();
    await expect(detail.getByText('Tamamlandı').first()).toBeVisible();
    await expect(detail).toContainText('Elif Demir');

    // The agent's board moves it to 'Tamamlanan'.
    await expect(card(column(agent, 'Tamamlanan'), id)).toBeVisible();
    await expect(card(column(agent, 'Üzerimde'), id)).toHaveCount(0);
  });

  test('kendi onaya gönderdiği talebi yönetici onaylayamaz: düğme yok, sunucu da reddeder', async () => {
    // The admin page completes its own request above the threshold through the API, then opens it.
    const session = await pageSession(admin);
    const id = `KENDI-${Date.now()}`;
    const result = await admin.evaluate(
      async ({ session, id }) => {
        const base = `/api/bonus/projects/${session.activeProjectId}/requests`;
        const headers = { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' };
        const created = (await (await fetch(base, { method: 'POST', headers, body: JSON.stringify({ externalId: id, customerUsername: `kendi_${id}`, amount: '950000', priority: 5 }) })).json()).data;
        await fetch(`${base}/${created.id}/assign`, { method: 'POST', headers, body: '{}' });
        const done = (await (await fetch(`${base}/${created.id}/complete`, { method: 'POST', headers, body: JSON.stringify({ confirmAmount: '950000' }) })).json()).data;
        const approve = await fetch(`${base}/${created.id}/approve`, { method: 'POST', headers, body: '{}' });
        return { status: done.status, approve: approve.status, code: (await approve.json()).code };
      },
      { session, id },
    );
    expect(result).toEqual({ status: 'pending_approval', approve: 403, code: 'FOUR_EYES_REQUIRED' });
    await admin.goto('/bonus?status=approval');
    const row = admin.getByRole('row', { name: new RegExp(id) }).or(admin.getByRole('listitem', { name: id, exact: true })).first();
    await row.getByRole('button', { name: /Detay/ }).first().click();
    const detail = admin.getByRole('dialog', { name: /^Talep Detayı/ });
    await expect(detail.getByTestId('approval-summary')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Onayla' })).toHaveCount(0);
  });
});
