import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { transitionsSettled, DEMO_PASSWORD, expectNoSeriousA11yFindings, loginAs, openLogin, screenshot } from './helpers';

/** A demo account no other browser test signs in with. */
const USER = 'agent5';
const STEP_MS = 30_000;

const currentStep = () => Math.floor(Date.now() / STEP_MS);
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** A code of a step not used yet: the server accepts each step once (replay protection). */
async function freshCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (currentStep() <= usedStep) await new Promise((r) => setTimeout(r, 500));
  return { code: await codeNow(secret), step: currentStep() };
}

async function passwordStep(page: Page) {
  await openLogin(page);
  await page.getByLabel('Kullanıcı Adı').fill(USER);
  await page.getByLabel('Şifre').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page.getByRole('heading', { name: 'Doğrulama Kodu' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('2FA: kurulum, kodla ve yedek kodla giriş, şifreyle kapatma', async ({ page }) => {
  test.setTimeout(400_000);
  await loginAs(page, USER);
  await page.goto('/totp');
  await expect(page.getByText('Devre Dışı', { exact: true })).toBeVisible();
  await expect(page.getByText('Google Authenticator')).toBeVisible();
  await expectNoSeriousA11yFindings(page, 'totp light');

  // Step 1 → 2: the QR is drawn in the browser; the manual key is read off the page.
  await page.getByRole('button', { name: '2FA Kurulumu' }).click();
  await page.getByRole('button', { name: 'Kuruluma Başla' }).click();
  const qr = page.getByRole('img', { name: 'Doğrulama uygulamasıyla okutulacak QR kod' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await page.getByTestId('manual-entry-key').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yFindings(page, 'totp verify step');

  // The code form's own checks.
  const verify = page.getByRole('button', { name: 'Doğrula ve Etkinleştir' });
  await verify.click();
  await expect(page.getByText('Kod gereklidir')).toBeVisible();
  await page.getByLabel('Doğrulama Kodu').fill('12a');
  await verify.click();
  await expect(page.getByText('6 haneli sayısal kod girin')).toBeVisible();

  let used = currentStep() - 2;
  const enableCode = await freshCode(secret, used);
  used = enableCode.step;
  await page.getByLabel('Doğrulama Kodu').fill(enableCode.code);
  await verify.click();
  await expect(page.getByText('TOTP başarıyla etkinleştirildi')).toBeVisible();

  // Step 3: ten codes, shown once, downloadable.
  const codeItems = page.getByRole('list', { name: 'Yedek kodlar' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allInnerTexts();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '.txt olarak indir' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.txt$/);
  await page.getByRole('button', { name: 'Kurulumu Tamamla' }).click();
  await expect(page.getByText('Etkin', { exact: true })).toBeVisible();
  await expect(page.getByTestId('remaining-codes')).toHaveText(/10/);
  await screenshot(page, 'totp-enabled');

  // Sign in with a code (the next step: the enabling one is spent).
  await signOut(page);
  await passwordStep(page);
  const codeInput = page.getByLabel('Doğrulama Kodu');
  await expect(codeInput).toBeFocused();
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousA11yFindings(page, 'login second step');
  await codeInput.fill('000000');
  await page.getByRole('button', { name: 'Doğrula' }).click();
  await expect(page.getByText('Doğrulama başarısız')).toBeVisible();
  const loginCode = await freshCode(secret, used);
  used = loginCode.step;
  await codeInput.fill(loginCode.code);
  await page.getByRole('button', { name: 'Doğrula' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sign in with a backup code.
  await signOut(page);
  await passwordStep(page);
  await page.getByRole('switch', { name: 'Yedek kod kullan' }).check();
  await page.getByRole('textbox', { name: 'Yedek Kod' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Doğrula' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/totp');
  await expect(page.getByText('Etkin', { exact: true })).toBeVisible();
  await expect(page.getByTestId('remaining-codes')).toHaveText(/9/);

  // Regenerating asks first: declining changes nothing.
  await page.getByRole('button', { name: 'Yedek Kodları Yenile' }).click();
  await expect(page.getByRole('dialog', { name: 'Yedek kodları yenilemek istediğinizden emin misiniz?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Vazgeç' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('remaining-codes')).toHaveText(/9/);

  // Dark theme and a phone: still readable, no sideways scrolling.
  await page.getByRole('button', { name: 'Koyu temaya geç' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Colours ease into the dark theme; the screen is judged once they have settled.
  await transitionsSettled(page);
  await expectNoSeriousA11yFindings(page, 'totp dark', 'main');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Devre Dışı Bırak' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'totp-phone-dark');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Disable with the real password (a wrong one is refused) and a backup code.
  await page.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
  const dialog = page.getByRole('dialog', { name: 'İki faktörlü doğrulamayı kapat' });
  await dialog.getByLabel('Şifre').fill('yanlis-sifre');
  await dialog.getByLabel('Doğrulama Kodu').fill(codes[1]!);
  await dialog.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
  await expect(dialog.getByText('Şifre hatalı')).toBeVisible();
  await dialog.getByLabel('Şifre').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
  await expect(page.getByText('TOTP devre dışı bırakıldı')).toBeVisible();
  await expect(page.getByText('Devre Dışı', { exact: true })).toBeVisible();

  // One step again.
  await signOut(page);
  await loginAs(page, USER);
});
