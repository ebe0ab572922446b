import { expect, test, type Page } from '@playwright/test';
import { loginAs, pageSession, screenshot } from './helpers';

/** The users screen's row of one username. */
const userRow = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test.describe('yönetim', () => {
  test('kullanıcı oluşturur, projeye atar; kullanıcı ikinci oturumda girer; pasifleştirilince girişe atılır', async ({ page, browser }) => {
    const username = `e2e.kullanici${Date.now().toString(36)}`;
    const password = 'e2e-sifre-1234';
    await loginAs(page, 'admin');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Kullanıcı Yönetimi' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Kullanıcı Yönetimi');

    await page.getByRole('button', { name: 'Yeni Kullanıcı' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Kullanıcı' });
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await expect(dialog.getByText('Kullanıcı adı gereklidir')).toBeVisible();
    await expect(dialog.getByText('Ad soyad gereklidir')).toBeVisible();
    await expect(dialog.getByText('E-posta gereklidir')).toBeVisible();

    await dialog.getByLabel('Kullanıcı Adı').fill(username);
    await dialog.getByLabel('Ad Soyad').fill('Deniz E2E');
    await dialog.getByLabel('E-posta').fill('deniz.e2e@example.com');
    await dialog.getByLabel('Rol').selectOption({ label: 'Agent' });
    await dialog.getByLabel('Şifre').fill(password);
    // The active project is preselected; add a second one.
    await expect(dialog.getByLabel('Altın Şans Casino (GOLD)')).toBeChecked();
    await dialog.getByLabel('Yıldız Bahis (YILDIZ)').check();
    await screenshot(page, 'users-create');
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await expect(page.getByText('Kullanıcı oluşturuldu')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = userRow(page, username);
    await expect(row).toBeVisible();
    await expect(row.getByText('Hiç giriş yapmamış')).toBeVisible();
    await expect(row.getByText('Agent', { exact: true })).toBeVisible();

    // The new user signs in elsewhere and works in the project they were given.
    const other = await browser.newContext();
    const second = await other.newPage();
    await loginAs(second, username, password);
    await expect(second.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Altın Şans Casino');
    await expect(second.getByRole('banner').getByRole('status')).toHaveText('Bağlı');

    await page.reload();
    await expect(userRow(page, username).getByText('Hiç giriş yapmamış')).toHaveCount(0);
    await userRow(page, username).getByRole('button', { name: `${username} pasifleştir` }).click();
    await expect(page.getByText('Kullanıcı durumu güncellendi')).toBeVisible();
    await expect(userRow(page, username).getByText('Pasif')).toBeVisible();

    // Their session ends at once: the open tab is thrown to the login page.
    await expect(second).toHaveURL(/\/login$/, { timeout: 10_000 });
    await expect(second.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
    await screenshot(second, 'users-deactivated-second-context');
    await other.close();
  });

  test("bir agenti agent ekranından çevrimdışı yapar ve durumun canlı değiştiğini görür", async ({ page, browser }) => {
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await loginAs(agentPage, 'agent1');
    await expect(agentPage.getByRole('banner').getByRole('status')).toHaveText('Bağlı');

    await loginAs(page, 'manager');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Agent Yönetimi' }).click();
    const card = page.getByTestId('agent-card-agent1');
    await expect(card.getByTestId('agent-status')).toHaveText('Çevrimiçi');
    await expect(card.getByRole('meter', { name: 'Yük' })).toBeVisible();
    await screenshot(page, 'agents');

    await card.getByRole('button', { name: 'Çevrimdışı Yap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agenti Çevrimdışı Yap' });
    await dialog.getByRole('button', { name: 'Çevrimdışı Yap' }).click();
    await expect(dialog.getByText('Lütfen bir neden belirtin')).toBeVisible();
    await dialog.getByLabel('Neden').fill('Mola süresi aşıldı');
    await dialog.getByRole('button', { name: 'Çevrimdışı Yap' }).click();
    await expect(page.getByText('Ayşe Çelik çevrimdışı yapıldı')).toBeVisible();
    await expect(card.getByTestId('agent-status')).toHaveText('Çevrimdışı');
    await expect(page.getByTestId('agent-row-agent1').getByTestId('agent-status')).toHaveText('Çevrimdışı');

    // The agent is told why, and can come back; the manager sees it without reloading.
    await expect(agentPage.getByText('Çevrimdışı yapıldınız')).toBeVisible();
    await expect(agentPage.getByText('manager: Mola süresi aşıldı')).toBeVisible();
    await screenshot(agentPage, 'agent-forced-offline');
    await agentPage.getByRole('button', { name: 'Tekrar çevrimiçi ol' }).click();
    await expect(agentPage.getByRole('banner').getByRole('status')).toHaveText('Bağlı');
    await expect(card.getByTestId('agent-status')).toHaveText('Çevrimiçi');
    await expect(agentPage.getByRole('combobox', { name: 'Durumum' })).toHaveValue('online');

    // The agent chooses a status by hand in the header; the manager sees it live, then back to automatic.
    await agentPage.getByRole('combobox', { name: 'Durumum' }).selectOption('busy');
    await expect(agentPage.getByText('Durumunuz güncellendi')).toBeVisible();
    await expect(card.getByTestId('agent-status')).toHaveText('Meşgul');
    await agentPage.getByRole('combobox', { name: 'Durumum' }).selectOption('online');
    await expect(card.getByTestId('agent-status')).toHaveText('Çevrimiçi');
    await agentContext.close();
  });

  test('audit logunda zorla çevrimdışı kaydı nedeniyle görünür', async ({ page }) => {
    await loginAs(page, 'manager');
    // A force action of its own, through the API with the signed-in manager's token.
    const session = await pageSession(page);
    const status = await page.evaluate(async (session) => {
      const res = await fetch(`/api/auth/admin/projects/${session.activeProjectId}/agents/${await agentId(session)}/force-offline`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason: 'Vardiya değişimi' }),
      });
      return res.status;
      async function agentId(s: { token: string; activeProjectId: number }) {
        const list = await fetch(`/api/projects/${s.activeProjectId}/agents?search=agent2`, { headers: { Authorization: `Bearer ${s.token}` } });
        return (await list.json()).data.items[0].id as number;
      }
    }, session);
    expect(status).toBe(200);
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Audit Logları' }).click();
    await expect(page.getByText('Toplam Log')).toBeVisible();
    await page.getByLabel('Ara').fill('FORCE_OFFLINE');
    const row = page.getByRole('row').filter({ hasText: 'Zorla çevrimdışı yapıldı' }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Detay: Zorla çevrimdışı yapıldı/ }).click();
    const detail = page.getByRole('dialog', { name: 'Log Detayı' });
    await expect(detail.getByText('Vardiya değişimi')).toBeVisible();
    await screenshot(page, 'audit-detail');
    await page.keyboard.press('Escape');
    await page.getByLabel('Ara').fill('böyle-bir-şey-yok');
    await expect(page.getByText('Log bulunamadı')).toBeVisible();
  });

  test('süper admin proje oluşturur: kırpılmış doğrulama, kart ve tablo görünümü', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Proje Yönetimi' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Kral Slot' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Senkronize/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Yeni Proje' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Proje' });
    await dialog.getByLabel('Proje Kodu').fill('   ');
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await expect(dialog.getByText('Proje kodu gereklidir')).toBeVisible();
    await dialog.getByLabel('Proje Kodu').fill('E2E');
    await expect(dialog.getByText('Proje kodu gereklidir')).toBeHidden();
    await dialog.getByLabel('Proje Adı').fill('  E2E Projesi ');
    await dialog.getByLabel('Base URL').fill('https://e2e.example.com');
    await dialog.getByLabel('Veritabanı Host').fill('db.e2e.local');
    await dialog.getByLabel('Veritabanı Adı').fill('e2e');
    await dialog.getByLabel('Veritabanı Kullanıcısı').fill('reader');
    await dialog.getByLabel('Veritabanı Şifresi').fill('cok-gizli-sifre');
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await expect(page.getByText('Proje oluşturuldu')).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'E2E Projesi' });
    await expect(card.getByText('Hiç senkronize edilmemiş')).toBeVisible();
    await page.getByRole('button', { name: 'Tablo görünümü' }).click();
    await expect(page.getByRole('table', { name: 'Projeler' }).getByRole('row').filter({ hasText: 'E2E Projesi' })).toBeVisible();
    await screenshot(page, 'projects-table');
    await expect(page.locator('body')).not.toContainText('cok-gizli-sifre');
  });
});
