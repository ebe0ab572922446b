import { AUTH_COOKIES, SETTINGS_DEFAULTS } from '../common/constants';
import { expect, test } from '@playwright/test';
import { loginAs, pageSession, screenshot, socketIndicator } from './helpers';

test.describe('giriş ve çerçeve', () => {
  test('admin giriş yapar, çerçeveyi ve canlı bağlantıyı görür', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
    await screenshot(page, 'login');

    await loginAs(page, 'admin');
    const header = page.getByRole('banner');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText('Altın Şans Casino');
    await expect(socketIndicator(page)).toHaveText('Bağlı');
    await expect(header.getByTestId('current-username')).toHaveText('admin');
    await expect(header.getByTestId('current-role')).toHaveText('Admin');
    await expect(page.getByText('Sistem durumu: çevrimiçi')).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Ana menü' });
    await expect(nav.getByRole('link', { name: 'Bonus Talepleri' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Kullanıcı Yönetimi' })).toBeVisible();
    // Project management belongs to super_admin only.
    await expect(nav.getByRole('link', { name: 'Proje Yönetimi' })).toHaveCount(0);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'İçeriğe geç' })).toBeFocused();
    await screenshot(page, 'dashboard-light');
  });

  test('boş form alan mesajlarını, yanlış şifre hata metnini gösterir', async ({ page }) => {
    await page.goto('/login');
    // The server runs with demo data: the demo accounts are offered beside the form, the fields stay empty.
    await expect(page.getByRole('group', { name: 'Demo hesapları:' })).toBeVisible();
    await expect(page.getByLabel('Kullanıcı Adı')).toHaveValue('');
    await expect(page.getByLabel('Şifre')).toHaveValue('');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page.getByText('Kullanıcı adı gereklidir')).toBeVisible();
    await expect(page.getByText('Şifre gereklidir')).toBeVisible();

    await page.getByLabel('Kullanıcı Adı').fill('admin');
    await page.getByLabel('Şifre').fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await expect(page.getByRole('alert')).toHaveText('Giriş başarısız. Bilgileri kontrol edin.');
    await expect(page).toHaveURL(/\/login$/);
    await screenshot(page, 'login-failed');
  });

  test('proje değiştirir: başlık, toast ve canlı bağlantı yeni projeye geçer', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByRole('button', { name: /Aktif proje/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Projeler' });
    await expect(dialog).toBeVisible();
    // Focus starts on the active project, inside the modal.
    await expect(dialog.getByRole('button', { name: /GOLD.*Altın Şans Casino.*Aktif/ })).toBeFocused();
    await expect(dialog.getByRole('button', { name: /KRAL.*Kral Slot/ })).toBeVisible();
    await screenshot(page, 'project-switcher');

    await dialog.getByRole('button', { name: /YILDIZ.*Yıldız Bahis/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Proje seçimi güncellendi')).toBeVisible();
    await expect(page.getByText('Yıldız Bahis paneline geçtiniz.')).toBeVisible();
    await screenshot(page, 'project-switched-toast');
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Yıldız Bahis');
    await expect(socketIndicator(page)).toHaveText('Bağlı');

    // The choice is part of the stored session.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Yıldız Bahis');
    await page.getByRole('button', { name: /Aktif proje/ }).click();
    await expect(page.getByRole('dialog', { name: 'Projeler' }).getByRole('button', { name: /YILDIZ.*Aktif/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Projeler' })).toBeHidden();
  });

  test('tema değişir ve yeniden yüklemede hatırlanır', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await loginAs(page, 'admin');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.getByRole('button', { name: 'Koyu temaya geç' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(socketIndicator(page)).toHaveText('Bağlı');
    await screenshot(page, 'dashboard-dark');

    await page.getByRole('button', { name: 'Açık temaya geç' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test('ilk tema sistem tercihinden gelir', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await screenshot(page, 'login-dark');
  });
});

test.describe('yönlendirme', () => {
  test('oturum yokken korumalı sayfa girişe yönlenir', async ({ page }) => {
    await page.goto('/bonus');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('oturum açıkken /login panele, / panele yönlenir', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('bilinmeyen adres 404 gösterir', async ({ page }) => {
    await page.goto('/olmayan-sayfa');
    await expect(page.getByText('404 - Sayfa Bulunamadı')).toBeVisible();
    await expect(page.getByText('Aradığınız sayfa mevcut değil.')).toBeVisible();

    await loginAs(page, 'admin');
    await page.goto('/olmayan-sayfa');
    await expect(page.getByText('404 - Sayfa Bulunamadı')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeVisible();
    await screenshot(page, 'not-found');
  });

  test('her ekran başlığıyla açılır', async ({ page }) => {
    await loginAs(page, 'superadmin');
    const nav = page.getByRole('navigation', { name: 'Ana menü' });
    const screens: [string, string, string][] = [
      ['Gelişmiş Dashboard', 'Gelişmiş Dashboard', 'advanced-dashboard'],
      ['Bonus Talepleri', 'Bonus Talepleri', 'bonus'],
      ['Bridge Senkronizasyon', 'Bridge Senkronizasyon', 'bridge-sync'],
      ['Routing Kuralları', 'Routing Kuralları', 'routing-rules'],
      ['Kullanıcı Yönetimi', 'Kullanıcı Yönetimi', 'users'],
      ['Rol Yönetimi', 'Rol Yönetimi', 'role-management'],
      ['Proje Yönetimi', 'Proje Yönetimi', 'projects'],
      ['Agent Yönetimi', 'Agent Yönetimi', 'agents'],
      ['Raporlar', 'Raporlar', 'reports'],
      ['Audit Logları', 'Audit Logları', 'audit-logs'],
      ['İki Faktörlü Doğrulama', 'İki Faktörlü Doğrulama', 'totp'],
      ['Sistem Ayarları', 'Sistem Ayarları', 'settings'],
    ];
    for (const [label, title, path] of screens) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`/${path}$`));
      await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(title);
      // A list screen may add its count to the title ('Routing Kuralları (6)').
      await expect(page).toHaveTitle(new RegExp(`^${title}( \\(\\d+\\))? · ${SETTINGS_DEFAULTS.appName}$`));
      await screenshot(page, `screen-${path}`);
    }
  });

  test('yetkisi olmayan ekran menüde yok, doğrudan açılınca yetki mesajı', async ({ page }) => {
    await loginAs(page, 'agent1');
    const nav = page.getByRole('navigation', { name: 'Ana menü' });
    await expect(nav.getByRole('link', { name: 'Bonus Talepleri' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Kullanıcı Yönetimi' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByTestId('current-role')).toHaveText('Agent');

    await page.goto('/users');
    await expect(page.getByText('Bu sayfayı görüntüleme yetkiniz yok.')).toBeVisible();
    await screenshot(page, 'forbidden');
  });
});

test.describe('oturum sonu', () => {
  test('Çıkış Yap girişe döner ve oturumu bitirir', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => localStorage.getItem('bonus-auth'));
    expect(JSON.parse(stored ?? '{}').state?.user ?? null).toBeNull();
    // The server cleared the sign-in cookies: a reload cannot bring the session back.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(AUTH_COOKIES.refresh);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sunucuda sonlandırılan oturum anında girişe döner', async ({ page }) => {
    await loginAs(page, 'manager');
    await expect(socketIndicator(page)).toHaveText('Bağlı');
    const { token } = await pageSession(page);
    const csrf = (await page.context().cookies()).find((c) => c.name === AUTH_COOKIES.csrf)?.value ?? '';
    // The same sign-in ends elsewhere (another tab's logout): its socket hears 'session-revoked'.
    const response = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}`, [AUTH_COOKIES.csrfHeader]: csrf }, data: {} });
    expect(response.ok()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Oturum sona erdi')).toBeVisible();
  });
});

test.describe('telefon', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('menü düğmesi gezinmeyi açar, seçimle kapanır', async ({ page }) => {
    await loginAs(page, 'admin');
    await screenshot(page, 'phone-dashboard');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    const drawer = page.getByRole('dialog', { name: 'Ana menü' });
    await expect(drawer).toBeVisible();
    await screenshot(page, 'phone-menu');
    await drawer.getByRole('link', { name: 'Bonus Talepleri' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/bonus$/);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Bonus Talepleri');
  });
});
