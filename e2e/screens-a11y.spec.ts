import { expect, test, type Page } from '@playwright/test';
import { SESSION } from '../common/constants';
import { expectNoSeriousA11yFindings, loginAs, openLogin, seriousA11yFindings } from './helpers';

/**
 * Every screen (issue 15): axe-core finds nothing serious or critical in the light and the dark
 * theme, at 1280 px and on a 390 px phone, where nothing scrolls sideways either.
 */
const SCREENS = [
  '/dashboard',
  '/advanced-dashboard',
  '/bonus',
  '/users',
  '/role-management',
  '/projects',
  '/agents',
  '/bridge-sync',
  '/routing-rules',
  '/totp',
  '/reports',
  '/audit-logs',
  '/settings',
] as const;

test.describe.configure({ timeout: 300_000 });

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION.themeStorageKey, theme]);
}

/** The screen has drawn its data: its heading is up and nothing in it is still loading. */
async function settled(page: Page) {
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main').getByText('Yükleniyor...')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the sign-in page in the ${theme} theme has no serious axe finding`, async ({ page }) => {
    await openLogin(page);
    await useTheme(page, theme);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
    await expectNoSeriousA11yFindings(page, `login ${theme}`);
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`every screen in the ${theme} theme at ${viewport.width} px: no serious axe finding${viewport.width < 640 ? ', no sideways scroll' : ''}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openLogin(page);
      await useTheme(page, theme);
      await loginAs(page, 'superadmin');
      // Every screen is visited before anything is asserted, so one run lists every finding.
      const findings: string[] = [];
      for (const path of SCREENS) {
        await page.goto(path);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        findings.push(...(await seriousA11yFindings(page, `${path} ${theme} ${viewport.width}px`)));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) findings.push(`${path} ${theme} ${viewport.width}px: scrolls sideways by ${overflow} px`);
      }
      expect(findings).toEqual([]);
    });
  }
}

test('the header status menu shows its whole text at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'agent4');
  const menu = page.getByRole('combobox', { name: 'Durumum' });
  await expect(menu).toBeVisible();
  // A select cut by its width shows less than its chosen option's text.
  const fits = await menu.evaluate((el: HTMLSelectElement) => {
    const probe = document.createElement('span');
    const style = getComputedStyle(el);
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.style.visibility = 'hidden';
    probe.textContent = el.selectedOptions[0]?.textContent ?? '';
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return el.clientWidth - padding >= text;
  });
  expect(fits).toBe(true);
});
