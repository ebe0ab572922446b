import { expect, test, type Page } from '@playwright/test';
import { loginAs, pageSession, requestRow, socketIndicator } from './helpers';

/**
 * Issue 14, reconnect catch-up: a screen whose live connection dropped shows, once it is back,
 * every change made meanwhile, without a reload. Only the socket is cut (its WebSocket and its
 * polling requests); the page's API calls keep working, so nothing but the socket's own
 * catch-up (a refetch on reconnect) can bring the changes in.
 */

/** Calls the API with the page's own session, as the app would. */
async function callApi(page: Page, method: string, url: (projectId: number) => string, body?: unknown) {
  const session = await pageSession(page);
  return page.evaluate(
    async ({ method, path, body, session }) => {
      const res = await fetch(path.replace(':projectId', String(session.activeProjectId)), {
        method,
        headers: { Authorization: `Bearer ${session.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path: url(0).replace('/0/', '/:projectId/'), body, session },
  );
}

test('the requests screen whose socket dropped shows the changes made meanwhile once it is back, without a reload', async ({ browser }) => {
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  let cut = false;
  let upgraded = false;
  const open: { close: () => Promise<void> }[] = [];
  // The socket's WebSocket goes through the test: passed on while connected, refused while cut.
  await watcher.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    // Passed on by hand to see engine.io's upgrade packet ('5'): from then on the socket runs on this WebSocket.
    ws.onMessage((message) => {
      if (message === '5') upgraded = true;
      server.send(message);
    });
    open.push(ws);
  });
  // Its long-polling transport too (socket.io starts on it and falls back to it).
  await watcher.route(/\/socket\.io\//, (route) => (cut ? route.abort('connectionrefused') : route.continue()));

  const actorContext = await browser.newContext();
  const actor = await actorContext.newPage();
  await loginAs(actor, 'operator');
  const stamp = Date.now();
  const customer = `kopuk_${stamp}`;
  // Each its own customer (both found by the search): as one customer's, each row would name the other as 'Olası tekrar'.
  const create = async (externalId: string, customerUsername: string) => {
    const res = await callApi(actor, 'POST', (p) => `/api/bonus/projects/${p}/requests`, { externalId, customerUsername, amount: '42.50' });
    expect(res.status).toBe(201);
    return res.body.data as { id: number };
  };
  const before = await create(`KOPUK-${stamp}-A`, `${customer}_a`);

  await loginAs(watcher, 'manager');
  await watcher.goto(`/bonus?status=waiting&search=${customer}`);
  const table = watcher.getByRole('table', { name: 'Bonus talepleri' });
  const row = (externalId: string) => requestRow(table, externalId);
  await expect(row(`KOPUK-${stamp}-A`)).toBeVisible();
  await expect(socketIndicator(watcher)).toContainText('Bağlı');

  // The connection drops. socket.io starts on long polling and upgrades to a WebSocket: a cut
  // before the upgrade is done would leave a poll in flight for up to its ping interval.
  await expect.poll(() => upgraded, { timeout: 15_000 }).toBe(true);
  cut = true;
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await expect(socketIndicator(watcher)).toContainText('Bağlantı Yok');

  // Meanwhile another session creates a request and takes the waiting one.
  await create(`KOPUK-${stamp}-B`, `${customer}_b`);
  expect((await callApi(actor, 'POST', (p) => `/api/bonus/projects/${p}/requests/${before.id}/assign`)).status).toBe(200);
  // While cut, the screen has heard of neither change.
  await watcher.waitForTimeout(1_000);
  await expect(row(`KOPUK-${stamp}-B`)).toHaveCount(0);
  await expect(row(`KOPUK-${stamp}-A`)).toBeVisible();

  // The connection comes back: the screen catches up by itself.
  cut = false;
  await expect(socketIndicator(watcher)).toContainText('Bağlı', { timeout: 30_000 });
  await expect(row(`KOPUK-${stamp}-B`)).toBeVisible();
  await expect(row(`KOPUK-${stamp}-A`)).toHaveCount(0);

  await watcherContext.close();
  await actorContext.close();
});

test('a screen whose socket joins the room after a request was created shows that request, without a reload', async ({ browser }) => {
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The socket's handshake (long polling, which socket.io starts on) waits until the test lets it
  // through; the page's API calls do not. A request of a page that has gone is only let go.
  await watcher.route(/\/socket\.io\//, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });

  const actorContext = await browser.newContext();
  const actor = await actorContext.newPage();
  await loginAs(actor, 'operator');
  const stamp = Date.now();
  const customer = `gec_${stamp}`;

  await loginAs(watcher, 'manager');
  await watcher.goto(`/bonus?status=waiting&search=${customer}`);
  const table = watcher.getByRole('table', { name: 'Bonus talepleri' });
  await expect(table.getByText('Kayıt bulunamadı')).toBeVisible();
  await expect(socketIndicator(watcher)).not.toContainText('Bağlı');

  // Created after the screen read its list, before its socket is in the project's room: no event reaches it.
  const res = await callApi(actor, 'POST', (p) => `/api/bonus/projects/${p}/requests`, { externalId: `GEC-${stamp}`, customerUsername: customer, amount: '42.50' });
  expect(res.status).toBe(201);

  release();
  await expect(socketIndicator(watcher)).toContainText('Bağlı');
  await expect(requestRow(table, `GEC-${stamp}`)).toBeVisible();

  await watcherContext.close();
  await actorContext.close();
});
