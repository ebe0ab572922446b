import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { dragAnnouncement, loginAs, nextFrames, pageSession, screenshot, transitionsSettled } from './helpers';

// Two browser contexts, a lazy screen and the board on a shared, loaded machine: generous waits.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 360_000 });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const requestCard = (scope: Locator | Page, title: string) => scope.getByRole('listitem', { name: title, exact: true });

/** Serious or critical axe findings in `include` (the screen's <main>, or an open dialog). */
async function seriousFindings(page: Page, include = 'main') {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark !== (theme === 'dark')) await page.getByRole('button', { name: /temaya geç/ }).first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
  // axe reads colours as they are: wait until the theme's colour transitions have finished.
  await transitionsSettled(page);
}

/** The page does not scroll sideways; on failure the message names the elements whose removal would fix it. */
async function noSidewaysScroll(page: Page) {
  const { overflow, culprits } = await page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const el of [...document.querySelectorAll<HTMLElement>('main *')]) {
        const before = el.style.display;
        el.style.display = 'none';
        if (root.scrollWidth <= root.clientWidth) culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
        el.style.display = before;
      }
    }
    return { overflow, culprits: culprits.slice(-3) };
  });
  expect(overflow, culprits.join('\n')).toBeLessThanOrEqual(0);
}

/** A call of the API with the signed-in page's own session (its token got by a refresh, as the app gets one). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const session = await pageSession(page);
  return page.evaluate(
    async ({ method, path, body, session }) => {
      const res = await fetch(path.replace(':projectId', String(session.activeProjectId)), {
        method,
        headers: { Authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json().catch(() => ({}));
      return { status: res.status, data: json.data };
    },
    { method, path, body, session },
  );
}

test.describe('Routing Kuralları', () => {
  test('kural iki koşulla oluşturulur, test edilir, sıralanır; eşleşen talep yenilemeden hedef agente atanmış görünür', async ({ page, browser }) => {
    const stamp = Date.now();
    const prefix = `rt${stamp}`;
    const agent = { username: `rota_ajan_${stamp}`, fullName: `Rota Ajanı ${stamp}`, password: 'RotaTest-2026!' };
    const ruleName = `E2E Puan ${stamp}`;

    // A fresh agent of his own, so what earlier tests left (loads, statuses) cannot make him ineligible.
    await loginAs(page, 'admin');
    const created = await api<{ agent: { id: number } }>(page, 'POST', '/api/projects/:projectId/agents', {
      mode: 'new',
      username: agent.username,
      fullName: agent.fullName,
      email: `${agent.username}@example.com`,
      password: agent.password,
      maxLoad: 5,
    });
    expect(created.status).toBe(200);

    // He signs in elsewhere and says he is online, as the app does.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await loginAs(agentPage, agent.username, agent.password);
    await expect(agentPage.getByRole('banner').getByRole('status')).toHaveText('Bağlı');
    const ownStatus = agentPage.getByRole('combobox', { name: 'Durumum' });
    if ((await ownStatus.inputValue()) !== 'online') {
      await ownStatus.selectOption('online');
      await expect(agentPage.getByText('Durumunuz güncellendi')).toBeVisible();
    }
    await expect(ownStatus).toHaveValue('online');

    // A rule of the same top priority, made through the API, that the new one will be moved above.
    const other = await api<{ id: number }>(page, 'POST', '/api/projects/:projectId/routing-rules', {
      ruleName: `E2E Diğer ${stamp}`,
      targetStrategy: 'load_based',
      priority: 100,
      conditions: [{ conditionType: 'custom', field: 'externalId', operator: 'starts_with', value: `hic-eslesmez-${stamp}` }],
    });
    expect(other.status).toBe(201);

    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Routing Kuralları' }).click();
    await expect(page).toHaveURL(/\/routing-rules$/);
    const list = page.getByRole('list', { name: 'Routing kuralları' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Routing Kuralları \(\d+\)$/ })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      expect(await seriousFindings(page), theme).toEqual([]);
    }
    await setTheme(page, 'light');

    // The create modal: the §5 messages first, then a rule with two conditions.
    await page.getByRole('button', { name: 'Yeni Kural' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Routing Kuralı' });
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await expect(dialog.getByText('Kural adı gereklidir')).toBeVisible();
    await expect(dialog.getByText('Hedef stratejisi seçilmelidir')).toBeVisible();
    await expect(dialog.getByText('En az bir koşul tanımlanmalıdır')).toBeVisible();
    await dialog.getByLabel('Kural Adı').fill(ruleName);
    await expect(dialog.getByText('Kural adı gereklidir')).toHaveCount(0);
    await dialog.getByLabel('Hedef Stratejisi').selectOption('user');
    const target = dialog.getByLabel('Hedef Kullanıcı');
    const option = target.locator('option', { hasText: `@${agent.username}` });
    await expect(option).toHaveCount(1);
    await target.selectOption((await option.getAttribute('value'))!);
    await dialog.getByLabel(/Kural sırası \(1-100\)/).fill('100');

    await dialog.getByLabel('Eklenecek koşul türü').selectOption('bonus_type');
    await dialog.getByRole('button', { name: 'Koşul Ekle' }).click();
    const first = dialog.getByRole('group', { name: '1. koşul: Bonus Türü' });
    await first.getByText('Puan', { exact: true }).click();
    await dialog.getByLabel('Eklenecek koşul türü').selectOption('custom');
    await dialog.getByRole('button', { name: 'Koşul Ekle' }).click();
    const second = dialog.getByRole('group', { name: '2. koşul: Özel Koşul' });
    await second.getByLabel('Alan').selectOption('customerUsername');
    await second.getByLabel('Karşılaştırma').selectOption('starts_with');
    await second.getByLabel('Değer').fill(prefix);
    expect(await seriousFindings(page, 'dialog[open]')).toEqual([]);
    await screenshot(page, 'routing-rule-form');
    await dialog.getByRole('button', { name: 'Oluştur' }).click();
    await expect(toast(page, 'Routing kuralı oluşturuldu')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = list.getByRole('group', { name: ruleName, exact: true });
    await expect(card).toContainText('Belirli Kullanıcı');
    await expect(card).toContainText(agent.fullName);
    await expect(card).toContainText(`@${agent.username}`);
    await expect(card).toContainText('Bonus Türü: Puan');
    await expect(card).toContainText(`Özel Koşul: Müşteri Kullanıcı Adı ile başlar ${prefix}`);
    await expect(card).toContainText('Sıra 100');

    // The detail table: move the new rule to the top of its priority with the keyboard (dnd-kit → POST /reorder).
    const rows = page.getByRole('table', { name: /Routing kuralları/ }).locator('tbody tr');
    const names = await rows.locator('td:nth-child(3)').allTextContents();
    const index = names.indexOf(ruleName);
    expect(index).toBeGreaterThan(names.indexOf(`E2E Diğer ${stamp}`));
    const handle = page.getByRole('button', { name: `${ruleName} sırasını değiştir` });
    await handle.focus();
    const reordered = page.waitForResponse((r) => r.url().endsWith('/routing-rules/reorder') && r.request().method() === 'POST');
    await page.keyboard.press('Space');
    const announced = dragAnnouncement(page);
    // Picked up: dnd-kit announces the rule over its own place.
    await expect(announced).toContainText(`${ruleName}, ${index + 1}. sırada.`);
    // Each key waits until the move before it is drawn and announced (a key pressed earlier is lost).
    for (let place = index; place >= 1; place--) {
      await nextFrames(page);
      await page.keyboard.press('ArrowUp');
      await expect(announced).toContainText(`${ruleName}, ${place}. sırada.`);
    }
    await page.keyboard.press('Space');
    expect((await reordered).status()).toBe(200);
    await expect(rows.first().locator('td:nth-child(3)')).toHaveText(ruleName);

    // The test modal: the request the rule is made for, the match text and a readable trace.
    await card.getByRole('button', { name: `${ruleName} kuralını test et` }).click();
    const testDialog = page.getByRole('dialog', { name: 'Kuralı Test Et' });
    await expect(testDialog.getByLabel('Bonus Türü')).toHaveValue('points');
    await testDialog.getByText('Diğer alanlar (opsiyonel)').click();
    await testDialog.getByLabel('Müşteri Kullanıcı Adı').fill(`${prefix}_deneme`);
    await testDialog.getByRole('button', { name: 'Testi Başlat' }).click();
    await expect(testDialog.getByText(`Kural başarıyla eşleşti! Hedef kullanıcı: ${agent.fullName} (@${agent.username})`)).toBeVisible();
    await expect(testDialog.getByTestId(`candidate-${agent.username}`)).toContainText('Seçildi');
    await expect(testDialog.getByText('Sağlandı', { exact: true })).toHaveCount(2);
    await expect(testDialog.getByText('Ham sonuç')).toBeVisible();
    expect(await seriousFindings(page, 'dialog[open]')).toEqual([]);
    await screenshot(page, 'routing-rule-test');
    await page.keyboard.press('Escape');
    await expect(testDialog).toBeHidden();

    // Deleting asks first; 'Vazgeç' keeps the rule, 'Sil' removes it.
    const otherCard = list.getByRole('group', { name: `E2E Diğer ${stamp}`, exact: true });
    await otherCard.getByRole('button', { name: `E2E Diğer ${stamp} kuralını sil` }).click();
    const confirm = page.getByRole('dialog', { name: 'Bu routing kuralını silmek istediğinizden emin misiniz?' });
    await confirm.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(confirm).toBeHidden();
    await expect(otherCard).toBeVisible();
    await otherCard.getByRole('button', { name: `E2E Diğer ${stamp} kuralını sil` }).click();
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, 'Routing kuralı silindi')).toBeVisible();
    await expect(otherCard).toHaveCount(0);

    // A request the rule matches, made from the dashboard's form: assigned to the agent, seen on both boards without reloading.
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Panel' }).click();
    await page.getByRole('group', { name: 'Görünüm' }).getByRole('button', { name: 'Kanban' }).click();
    await expect(page.getByRole('heading', { name: 'Bonus Talepleri Kanban' })).toBeVisible();
    await expect(column(agentPage, 'Üzerimde')).toBeVisible();
    const externalId = `RT-${stamp}`;
    const form = page.getByRole('form', { name: 'Manuel Bonus Talebi Oluştur' });
    await form.getByLabel('Dış Referans (opsiyonel)').fill(externalId);
    await form.getByLabel('Kullanıcı Adı').fill(`${prefix}_musteri`);
    await form.getByLabel(/Tutar/).fill('150');
    await form.getByLabel('Bonus Türü').selectOption('points');
    await form.getByRole('button', { name: 'Talep Oluştur' }).click();
    await expect(toast(page, 'Bonus talebi oluşturuldu')).toBeVisible();

    const assigned = requestCard(column(page, 'Atanmış'), externalId);
    await expect(assigned).toBeVisible();
    await expect(assigned).toContainText(`Atanan: ${agent.fullName}`);
    await expect(requestCard(column(page, 'Bekleyen'), externalId)).toHaveCount(0);
    await expect(requestCard(column(agentPage, 'Üzerimde'), externalId)).toBeVisible();
    await screenshot(page, 'routing-rule-assigned');

    // The rule's figures count the assignment; pausing it says so.
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Routing Kuralları' }).click();
    const pausedCard = page.getByRole('list', { name: 'Routing kuralları' }).getByRole('group', { name: ruleName, exact: true });
    await pausedCard.getByRole('button', { name: `${ruleName} kuralını duraklat` }).click();
    await expect(toast(page, 'Routing kuralı güncellendi')).toBeVisible();
    await expect(pausedCard).toContainText('Pasif');
    await agentContext.close();
  });

  test("390 px'de ve koyu temada ekran ve modalları yatay kaydırma olmadan, erişilebilir kullanılır", async ({ page }) => {
    await loginAs(page, 'manager');
    // At least one rule with long, unbroken texts, whatever ran before.
    const long = `uzun-bir-musteri-kullanici-adi-oneki-${Date.now()}`;
    const created = await api(page, 'POST', '/api/projects/:projectId/routing-rules', {
      ruleName: `Dar ekran ${long}`,
      targetStrategy: 'round_robin',
      priority: 1,
      isActive: false,
      conditions: [
        { conditionType: 'custom', field: 'customerUsername', operator: 'starts_with', value: long },
        { conditionType: 'time_window', weekdays: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' },
      ],
    });
    expect(created.status).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/routing-rules');
    await expect(page.getByRole('group', { name: `Dar ekran ${long}`, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Routing Kuralları \(\d+\)$/ })).toBeVisible();
    await expect(page.getByText('Kurallar yükleniyor...')).toHaveCount(0);
    await noSidewaysScroll(page);
    await screenshot(page, 'routing-rules-390');
    await setTheme(page, 'dark');
    await page.getByRole('button', { name: 'Yeni Kural' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Routing Kuralı' });
    await dialog.getByLabel('Eklenecek koşul türü').selectOption('time_window');
    await dialog.getByRole('button', { name: 'Koşul Ekle' }).click();
    await dialog.getByLabel('Eklenecek koşul türü').selectOption('custom');
    await dialog.getByRole('button', { name: 'Koşul Ekle' }).click();
    await expect(dialog.getByRole('group', { name: '2. koşul: Özel Koşul' })).toBeVisible();
    await noSidewaysScroll(page);
    const dialogOverflow = () =>
      page.evaluate(() => {
        const box = document.querySelector('dialog[open] > div');
        return box ? box.scrollWidth - box.clientWidth : 0;
      });
    expect(await dialogOverflow()).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page, 'dialog[open]'), 'form, dark').toEqual([]);
    await screenshot(page, 'routing-rule-form-390');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The test modal and its trace, dark, on a phone.
    const name = `Dar ekran ${long}`;
    await page.getByRole('group', { name, exact: true }).getByRole('button', { name: `${name} kuralını test et` }).click();
    const testDialog = page.getByRole('dialog', { name: 'Kuralı Test Et' });
    await testDialog.getByRole('button', { name: 'Testi Başlat' }).click();
    await expect(testDialog.getByTestId('routing-test-result')).toBeVisible();
    await expect(testDialog.getByRole('status')).toContainText('Kural pasif');
    await noSidewaysScroll(page);
    expect(await dialogOverflow()).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page, 'dialog[open]'), 'test, dark').toEqual([]);
    await screenshot(page, 'routing-rule-test-390');
    await page.keyboard.press('Escape');
    await setTheme(page, 'light');
  });

  test('yönetici bir agentin yeteneklerini düzenler ve kartında görür', async ({ page }) => {
    const stamp = Date.now();
    const agent = { username: `yetenek_${stamp}`, fullName: `Yetenek Ajanı ${stamp}` };
    await loginAs(page, 'admin');
    const created = await api(page, 'POST', '/api/projects/:projectId/agents', {
      mode: 'new',
      username: agent.username,
      fullName: agent.fullName,
      email: `${agent.username}@example.com`,
      password: 'Yetenek-2026!',
    });
    expect(created.status).toBe(200);
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Agent Yönetimi' }).click();
    await page.getByLabel('Ara').fill(agent.username);
    const card = page.getByTestId(`agent-card-${agent.username}`);
    await expect(card.getByTestId('agent-skills')).toContainText('Yetenek tanımlanmamış');
    await card.getByRole('button', { name: `${agent.fullName}: Yetenekleri Düzenle` }).click();
    const dialog = page.getByRole('dialog', { name: 'Yetenekleri Düzenle' });
    await dialog.getByLabel('Puan').check();
    await dialog.getByLabel('VIP').check();
    expect(await seriousFindings(page, 'dialog[open]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(toast(page, 'Agent yetenekleri güncellendi')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('list', { name: 'Yetenekler' })).toHaveText('PuanVIP');
  });

  test('ajan ve operatör routing kurallarını göremez', async ({ page }) => {
    await loginAs(page, 'operator');
    await expect(page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Routing Kuralları' })).toHaveCount(0);
    await page.goto('/routing-rules');
    await expect(page.getByText('Bu sayfayı görüntüleme yetkiniz yok.')).toBeVisible();
  });
});
