import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES } from '@common/schemas/webhooks';
import { verifyWebhook } from '../../../docs/examples/webhook-receiver.mjs';
import { auditLogs, bonusRequestEvents, notifications, syncLogs, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { bearer, buildTenant, createTestApp, login, siblingInstance, type TestApp } from '../../test/harness';
import { deliverDueWebhooks, WEBHOOK_FAILING_LIMIT_MS } from './deliver-webhooks';
import { webhookDispatcherOf } from './webhook-dispatcher';
import { localReceiver } from './webhook-test-kit';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof buildTenant>>;
let receiver: Awaited<ReturnType<typeof localReceiver>>;
const tokens = {} as Record<'admin' | 'manager' | 'agent', string>;
let serial = 0;

beforeAll(async () => {
  // The receiver is on 127.0.0.1; a transport is configured so the admins' notice is written (never sent here).
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: 'smtp://127.0.0.1:9' });
  tenant = await buildTenant(t.app);
  await t.app.ctx.database.db.update(users).set({ email: 'yonetici@example.com' }).where(eq(users.id, tenant.members.admin.id));
  receiver = await localReceiver();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
/** Sign-ins of the clock's present: a test that moves the clock a day on outlives an access token. */
async function signIn() {
  for (const role of ['admin', 'manager', 'agent'] as const) tokens[role] = (await login(t.app, tenant.members[role].username)).accessToken;
}
beforeEach(async () => {
  await signIn();
  // Each test its own endpoints: the earlier ones' would take the events too.
  await t.app.ctx.database.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answerWith(() => 200);
});

const db = () => t.app.ctx.database.db;
const base = () => `/api/projects/${tenant.project.id}/webhooks`;
const requests = () => `/api/bonus/projects/${tenant.project.id}/requests`;

async function createEndpoint(events: string[], url = receiver.url, token = tokens.admin) {
  const res = await t.app.inject({ method: 'POST', url: base(), headers: bearer(token), payload: { url, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string; url: string };
}
async function newRequest(token = tokens.admin) {
  const res = await t.app.inject({ method: 'POST', url: requests(), headers: bearer(token), payload: { externalId: `WH-${Date.now()}-${serial++}`, customerUsername: 'kanca_oyuncu', amount: '40.00', priority: 3 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; externalId: string };
}
async function claimAndComplete(requestId: number) {
  expect((await t.app.inject({ method: 'POST', url: `${requests()}/${requestId}/assign`, headers: bearer(tokens.agent), payload: {} })).statusCode).toBe(200);
  const done = await t.app.inject({ method: 'POST', url: `${requests()}/${requestId}/complete`, headers: bearer(tokens.agent), payload: {} });
  expect(done.statusCode, done.body).toBe(200);
}
const deliveries = (endpointId: number) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

describe('managing webhooks', () => {
  it('an admin creates one: the secret is in the answer once, kept encrypted, and the creation audited', async () => {
    const created = await createEndpoint(['request.completed', 'request.completed', 'sync.finished']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: base(), headers: bearer(tokens.admin) });
    expect(list.json().data).toEqual([expect.objectContaining({ id: created.id, events: ['request.completed', 'sync.finished'], isActive: true, failingSince: null })]);
    expect(list.body).not.toContain(created.secret);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretEnc).not.toContain(created.secret);
    const audit = await db().select().from(auditLogs).where(eq(auditLogs.action, 'CREATE_WEBHOOK'));
    expect(audit.some((a) => (a.details as { webhookId: number }).webhookId === created.id)).toBe(true);
  });

  it('is for admins of the project; a non-member admin learns nothing of another project', async () => {
    for (const role of ['manager', 'agent'] as const) {
      expect((await t.app.inject({ method: 'GET', url: base(), headers: bearer(tokens[role]) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${tenant.foreign.id}/webhooks`, headers: bearer(tokens.admin) })).statusCode).toBe(404);
    const mine = await createEndpoint(['request.created']);
    // Another project's id in the path finds nothing of this one.
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${tenant.foreign.id}/webhooks/${mine.id}/deliveries`, headers: bearer(tokens.admin) })).statusCode).toBe(404);
  });

  it('refuses a URL that is not one, no events, and a 1 MB URL, in Turkish, writing nothing', async () => {
    const bad: [unknown, string, string | undefined][] = [
      [{ url: 'javascript:alert(1)', events: ['request.created'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'ftp://example.com/x', events: ['request.created'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'https://kullanici:sifre@example.com/x', events: ['request.created'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: receiver.url, events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: receiver.url, events: ['request.paid'] }, 'events.0', undefined],
      [{ url: `https://example.com/${'a'.repeat(1_000_000)}`, events: ['request.created'] }, 'url', undefined],
    ];
    for (const [payload, field, message] of bad) {
      const res = await t.app.inject({ method: 'POST', url: base(), headers: bearer(tokens.admin), payload: payload as object });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      const errors = res.json().errors as Record<string, string>;
      expect(Object.keys(errors).some((k) => k === field || k.startsWith(field)), res.body.slice(0, 300)).toBe(true);
      if (message) expect(errors[field]).toBe(message);
    }
    expect(await db().$count(webhookEndpoints)).toBe(0);
  });
});

describe('many at once', () => {
  it('holds at most 20 webhooks a project when 25 are created at the same moment', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => t.app.inject({ method: 'POST', url: base(), headers: bearer(tokens.admin), payload: { url: receiver.url, events: ['request.created'] } })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual(Array(5).fill(WEBHOOK_MESSAGES.tooMany));
  });
});

describe('delivery', () => {
  it('a completion reaches the receiver signed, with the request as the API presents it; the documented receiver verifies it', async () => {
    const endpoint = await createEndpoint(['request.completed']);
    const request = await newRequest();
    await claimAndComplete(request.id);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.event).toMatchObject({ type: 'request.completed', projectId: tenant.project.id, data: { request: { id: request.id, externalId: request.externalId, status: 'completed' } } });
    expect(got!.headers['x-bonus-event-id']).toBe(got!.event.id);
    expect(got!.headers['x-bonus-event']).toBe('request.completed');
    const signed = { timestamp: got!.headers['x-bonus-timestamp'], signature: got!.headers['x-bonus-signature'] };
    // The receiver's clock is the test's (moved on by earlier tests).
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(verifyWebhook(endpoint.secret, signed, got!.body, nowSeconds)).toBe(true);
    // A wrong secret, a changed body and an old timestamp are all refused.
    expect(verifyWebhook('whsec_yanlis', signed, got!.body, nowSeconds)).toBe(false);
    expect(verifyWebhook(endpoint.secret, signed, got!.body.replace('completed', 'requeued'), nowSeconds)).toBe(false);
    expect(verifyWebhook(endpoint.secret, signed, got!.body, nowSeconds + 3_600)).toBe(false);
    // Only the subscribed event went: the creation and the claim did not.
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    const [attempt] = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery!.id));
    expect(attempt).toMatchObject({ statusCode: 200, responseExcerpt: 'tamam' });
  });

  it('a bridge sync run that ends sends sync.finished with its outcome', async () => {
    const endpoint = await createEndpoint(['sync.finished']);
    const [log] = await db().insert(syncLogs).values({ projectId: tenant.project.id, syncType: 'bonus', status: 'running', startedAt: t.clock.now() }).returning();
    await db().update(syncLogs).set({ rowsRead: 10 }).where(eq(syncLogs.id, log!.id));
    expect(await deliveries(endpoint.id)).toHaveLength(0);
    await db().update(syncLogs).set({ status: 'success', finishedAt: t.clock.now(), rowsRead: 12, rowsWritten: 12 }).where(eq(syncLogs.id, log!.id));
    await deliverDueWebhooks(t.app.ctx);
    expect(receiver.received.map((r) => r.event)).toEqual([
      expect.objectContaining({ type: 'sync.finished', data: { sync: expect.objectContaining({ id: log!.id, status: 'success', rowsWritten: 12 }) } }),
    ]);
  });

  it('a rolled-back change, and a refused move, announce nothing', async () => {
    const endpoint = await createEndpoint(['request.created', 'request.assigned', 'request.completed']);
    const request = await newRequest();
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(bonusRequestEvents).values({ requestId: request.id, projectId: tenant.project.id, type: 'completed', actorName: 'x', toStatus: 'completed' });
        throw new Error('geri al');
      }),
    ).rejects.toThrow('geri al');
    // Completing a request nobody claimed is refused: no event, no delivery.
    const refused = await t.app.inject({ method: 'POST', url: `${requests()}/${request.id}/complete`, headers: bearer(tokens.agent), payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await deliveries(endpoint.id)).map((d) => d.eventType)).toEqual(['request.created']);
  });

  it('a 500 is retried after about a minute, with jitter, and the same body; then delivered', async () => {
    const endpoint = await createEndpoint(['request.created']);
    receiver.answerWith(() => 500);
    await newRequest();
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);
    const [first] = await deliveries(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const wait = first!.nextAttemptAt.getTime() - t.clock.now().getTime();
    expect(wait).toBeGreaterThan(60_000 * 0.8 - 2_000);
    expect(wait).toBeLessThanOrEqual(60_000 * 1.2);
    // Not due yet: nothing is sent.
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(0);
    receiver.answerWith(() => 200);
    t.clock.advance(73_000);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);
    const [done] = await deliveries(endpoint.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    const log = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, done!.id)).orderBy(webhookAttempts.id);
    expect(log.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(log[0]!.responseExcerpt).toBe('alıcı hatası 500');
  });

  it('gives a delivery up after the first attempt and five retries (about 15 h), before the endpoint would be switched off', async () => {
    const endpoint = await createEndpoint(['request.created']);
    receiver.answerWith(() => 500);
    await newRequest();
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect(await deliverDueWebhooks(t.app.ctx)).toBe(1);
      const [row] = await deliveries(endpoint.id);
      expect(row!.attempts).toBe(attempt);
      if (attempt < 6) t.clock.advance(row!.nextAttemptAt.getTime() - t.clock.now().getTime() + 1_000);
    }
    const [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(0);
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!.isActive).toBe(true);
  });

  it('an endpoint failing for 24 h is switched off and its admins are told', async () => {
    const endpoint = await createEndpoint(['request.created']);
    receiver.answerWith(() => 503);
    await db().delete(notifications);
    await newRequest();
    await deliverDueWebhooks(t.app.ctx);
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!.failingSince).not.toBeNull();
    t.clock.advance(WEBHOOK_FAILING_LIMIT_MS + 60_000);
    await deliverDueWebhooks(t.app.ctx);
    const [off] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(off).toMatchObject({ isActive: false });
    expect(off!.disabledAt).not.toBeNull();
    const told = await db().select().from(notifications).where(and(eq(notifications.projectId, tenant.project.id), eq(notifications.event, 'webhook_disabled')));
    expect(told.map((n) => n.recipientUserId)).toEqual([tenant.members.admin.id]);
    // Switched off, nothing more is tried.
    t.clock.advance(3 * 3_600_000);
    expect(await deliverDueWebhooks(t.app.ctx)).toBe(0);
    // Switched on again by an admin, it goes on where it stopped.
    receiver.answerWith(() => 200);
    await signIn();
    const on = await t.app.inject({ method: 'PUT', url: `${base()}/${endpoint.id}`, headers: bearer(tokens.admin), payload: { url: receiver.url, events: ['request.created'], isActive: true } });
    expect(on.json().data).toMatchObject({ isActive: true, failingSince: null, disabledAt: null });
    await vi.waitUntil(async () => (await deliveries(endpoint.id))[0]!.status === 'delivered' || (await deliverDueWebhooks(t.app.ctx)) > 0, { timeout: 10_000 });
  });

  it('two instances deliver each event once', async () => {
    const other = await siblingInstance(t);
    try {
      const endpoint = await createEndpoint(['request.created']);
      const made = [];
      for (let i = 0; i < 30; i++) made.push(await newRequest());
      const pending = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending'))))[0]!.n;
      while ((await pending()) > 0) {
        await Promise.all([deliverDueWebhooks(t.app.ctx), deliverDueWebhooks(other.ctx), deliverDueWebhooks(t.app.ctx), deliverDueWebhooks(other.ctx)]);
      }
      const ids = receiver.received.map((r) => r.event.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
      expect(new Set(receiver.received.map((r) => (r.event.data.request as { id: number }).id))).toEqual(new Set(made.map((m) => m.id)));
    } finally {
      await other.close();
    }
  });

  it("'Tekrar Gönder' sends the same event again; 'Test gönder' sends a test event", async () => {
    const endpoint = await createEndpoint(['request.created']);
    await newRequest();
    await deliverDueWebhooks(t.app.ctx);
    const [delivery] = await deliveries(endpoint.id);
    const again = await t.app.inject({ method: 'POST', url: `${base()}/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, headers: bearer(tokens.admin) });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data).toMatchObject({ id: delivery!.id, status: 'pending' });
    await vi.waitUntil(async () => receiver.received.length === 2 || ((await deliverDueWebhooks(t.app.ctx)) > 0 && receiver.received.length === 2), { timeout: 10_000 });
    expect(receiver.received[1]!.event.id).toBe(receiver.received[0]!.event.id);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);

    const test = await t.app.inject({ method: 'POST', url: `${base()}/${endpoint.id}/test`, headers: bearer(tokens.admin) });
    expect(test.statusCode).toBe(202);
    // The receiver has the event a moment before the delivery row says so: wait for the row, the thing the screen shows.
    const readLog = async () => (await t.app.inject({ method: 'GET', url: `${base()}/${endpoint.id}/deliveries`, headers: bearer(tokens.admin) })).json().data[0];
    await vi.waitUntil(async () => (await readLog()).status === 'delivered' || ((await deliverDueWebhooks(t.app.ctx)) >= 0 && (await readLog()).status === 'delivered'), { timeout: 10_000 });
    expect(receiver.received.some((r) => r.event.type === 'webhook.test')).toBe(true);
    expect(await readLog()).toMatchObject({ eventType: 'webhook.test', status: 'delivered', attemptLog: [expect.objectContaining({ statusCode: 200 })] });
    // Another endpoint's delivery id answers 404.
    const stranger = await t.app.inject({ method: 'POST', url: `${base()}/${endpoint.id}/deliveries/999999/redeliver`, headers: bearer(tokens.admin) });
    expect(stranger.statusCode).toBe(404);
  });

  it('after a rotation both secrets sign for 24 h, then only the new one', async () => {
    const endpoint = await createEndpoint(['request.created']);
    const rotated = await t.app.inject({ method: 'POST', url: `${base()}/${endpoint.id}/rotate-secret`, headers: bearer(tokens.admin) });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect(fresh).not.toBe(endpoint.secret);
    expect(rotated.json().data.previousSecretUntil).not.toBeNull();
    await newRequest();
    await deliverDueWebhooks(t.app.ctx);
    const [got] = receiver.received;
    const signed = { timestamp: got!.headers['x-bonus-timestamp'], signature: got!.headers['x-bonus-signature'] };
    // The receiver's clock is the test's (moved on by earlier tests).
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(verifyWebhook(fresh, signed, got!.body, nowSeconds)).toBe(true);
    expect(verifyWebhook(endpoint.secret, signed, got!.body, nowSeconds)).toBe(true);
    t.clock.advance(24 * 3_600_000 + 1_000);
    await signIn();
    await newRequest();
    await deliverDueWebhooks(t.app.ctx);
    const later = receiver.received[1]!;
    const laterSigned = { timestamp: later.headers['x-bonus-timestamp'], signature: later.headers['x-bonus-signature'] };
    expect(verifyWebhook(fresh, laterSigned, later.body, Number(laterSigned.timestamp))).toBe(true);
    expect(verifyWebhook(endpoint.secret, laterSigned, later.body, Number(laterSigned.timestamp))).toBe(false);
  });

  it('the running dispatcher delivers on the database’s announcement, without waiting for a poll', async () => {
    const endpoint = await createEndpoint(['request.created']);
    await webhookDispatcherOf(t.app.ctx).start();
    try {
      await newRequest();
      await vi.waitUntil(() => receiver.received.length === 1, { timeout: 10_000, interval: 20 });
      // The receiver answered; the outcome is written just after.
      await vi.waitUntil(async () => (await deliveries(endpoint.id))[0]!.status === 'delivered', { timeout: 10_000, interval: 20 });
    } finally {
      await webhookDispatcherOf(t.app.ctx).stop();
    }
  });
});
