import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { AUTH_COOKIES, SESSION } from '../common/constants';

/** Every demo account's password (server/db/seed/demo-organisation.ts). */
export const DEMO_PASSWORD = 'demo1234';
export const SCREENSHOT_DIR = path.join(import.meta.dirname, 'screenshots');

/**
 * Opens the sign-in page and waits until it knows it runs on demo data (the demo account buttons
 * show). The fields start empty: nothing is ever written into them but what is typed or clicked.
 */
export async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Demo hesapları:' })).toBeVisible();
}

/** Signs in through the login form and waits for the dashboard frame. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await openLogin(page);
  await page.getByLabel('Kullanıcı Adı').fill(username);
  await page.getByLabel('Şifre').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toBeVisible();
}

/** What a test needs to call the API as the signed-in page. */
export interface PageSession {
  token: string;
  activeProjectId: number;
  projectIds: number[];
}

/**
 * An access token of the page's own sign-in, got the way the app gets one after a reload: a refresh
 * with the page's cookie and its CSRF token (the app keeps its own token in memory, out of reach).
 * The cookie rotates; the page's in-memory token stays valid.
 */
export async function pageSession(page: Page): Promise<PageSession> {
  return page.evaluate(
    async ({ csrfCookie, csrfHeader, storageKey, refreshPath }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${csrfCookie}=`))
        ?.slice(csrfCookie.length + 1);
      const res = await fetch(refreshPath, { method: 'POST', headers: { [csrfHeader]: decodeURIComponent(csrf ?? '') } });
      if (!res.ok) throw new Error(`refresh answered ${res.status}`);
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}').state as { activeProjectId: number; projects: { id: number }[] };
      const body = (await res.json()) as { data: { tokens: { accessToken: string } } };
      return { token: body.data.tokens.accessToken, activeProjectId: stored.activeProjectId, projectIds: stored.projects.map((p) => p.id) };
    },
    { csrfCookie: AUTH_COOKIES.csrf, csrfHeader: AUTH_COOKIES.csrfHeader, storageKey: SESSION.storageKey, refreshPath: '/api/auth/refresh' },
  );
}

/** Saves a full-page screenshot as e2e/screenshots/<name>.png (git-ignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The header's live-connection indicator. */
export function socketIndicator(page: Page) {
  return page.getByRole('banner').getByRole('status');
}

/** axe-core on the page (or within `scope`): no serious or critical finding, each listed by rule and element. */
export async function expectNoSeriousA11yFindings(page: Page, label: string, scope?: string): Promise<void> {
  expect(await seriousA11yFindings(page, label, scope)).toEqual([]);
}

/** axe-core's serious and critical findings on the page (or within `scope`), one line each. */
export async function seriousA11yFindings(page: Page, label: string, scope?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (scope ? builder.include(scope) : builder).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}


/** Two animation frames: what a drag-and-drop library needs to draw a move before it reads the next key. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** What dnd-kit announces to screen readers about the drag in progress (its live region). */
export function dragAnnouncement(page: Page) {
  return page.locator('[id^="DndLiveRegion"]');
}

/**
 * Resolves once no CSS transition of the page is running (a theme change has settled). Endless
 * animations (a pulsing indicator, a spinner) are not transitions and are left out.
 */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

/** A board column ('Bekleyen', 'Üzerimde', …) by its heading. */
export const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** A request's card (its accessible name is its title) within a column or the page. */
export const card = (scope: Locator | Page, title: string) => scope.getByRole('listitem', { name: title, exact: true });
/**
 * A row of the requests table by its title (the row's accessible name). Not by the text it contains: another
 * request of the same customer and bonus type names this one in its 'Olası tekrar' links.
 */
export const requestRow = (scope: Locator | Page, title: string) => scope.locator('tbody tr[data-request-id]').and(scope.getByRole('row', { name: title, exact: true }));
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Clicks an action once its guard counts pointer clicks again (it ignores them just after the button appeared or moved). */
export async function clickArmed(button: Locator, how: 'click' | 'dblclick' = 'click') {
  await expect(button).toHaveAttribute('data-armed', 'true');
  await button[how]();
}

/** A new manual request through the dashboard's form, at the form's highest priority, so it heads the waiting queue. */
export async function createRequestByForm(page: Page, externalId: string, username: string, amount = '125,50') {
  const form = page.getByRole('form', { name: 'Manuel Bonus Talebi Oluştur' });
  await form.getByLabel('Dış Referans (opsiyonel)').fill(externalId);
  await form.getByLabel('Kullanıcı Adı').fill(username);
  await form.getByLabel(/Tutar/).fill(amount);
  await form.getByLabel('Bonus Türü').selectOption('cashback');
  await form.getByLabel('Öncelik (1-5)').fill('5');
  await form.getByRole('button', { name: 'Talep Oluştur' }).click();
  await expect(toast(page, 'Bonus talebi oluşturuldu').first()).toBeVisible();
}
