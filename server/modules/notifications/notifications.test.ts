import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MESSAGES } from '@common/schemas/bridge-sync';
import { notifications, projectSettings, syncLogs, users } from '../../db/schema';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { insertRequest } from '../bonus/bonus-test-kit';
import { failInterruptedSyncs } from '../bridge-sync/fail-interrupted-syncs';
import { alertWaitingRequests } from './alert-waiting-requests';
import { deliverDueNotifications, MAX_ATTEMPTS, retryDelayMs } from './deliver-notifications';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local SMS gateway; `failFirst` answers 503 that many times before accepting. */
async function startSmsReceiver(failFirst = 0) {
  const received: { to: string; text: string }[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls++;
      if (calls <= failFirst) {
        res.writeHead(503).end('busy');
        return;
      }
      received.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, calls: () => calls, url: `http://127.0.0.1:${port}/sms`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes a quoted-printable / base64 MIME message enough to search its Turkish text. */
function decodedBody(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...b64].join('\n');
}
/** RFC 2047 encoded subject → text. */
function decodedSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line.replace(/\r?\n[ \t]/g, ' ').replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : text.replace(/_/g, ' ').replace(/(=[0-9A-F]{2})+/gi, (q) => Buffer.from(q.replace(/=/g, ''), 'hex').toString('utf8')),
  );
}

describe('notifications through real transports', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSmsReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url, SMTP_FROM: 'Bonus Panel <bildirim@example.com>', SMS_WEBHOOK_URL: sms.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await sms?.close();
  });

  it("a forced logout tells the project's managers and admins by e-mail and SMS, in Turkish", async () => {
    const project = await buildProject(t.app, { name: 'Altın Şans' });
    await t.app.ctx.database.db.update(projectSettings).set({ smsNotifications: true }).where(eq(projectSettings.projectId, project.id));
    const manager = await buildUser(t.app, { role: 'manager', projects: [project.id] });
    const admin = await buildUser(t.app, { role: 'admin', projects: [project.id] });
    const operator = await buildUser(t.app, { role: 'operator', projects: [project.id] });
    const agent = await buildUser(t.app, { role: 'agent', projects: [project.id] });
    const db = t.app.ctx.database.db;
    await db.update(users).set({ email: 'mudur@example.com', phone: '+905551112233' }).where(eq(users.id, manager.id));
    await db.update(users).set({ email: 'yonetici@example.com' }).where(eq(users.id, admin.id));
    await db.update(users).set({ email: 'operator@example.com', phone: '+905550000000' }).where(eq(users.id, operator.id));

    const { accessToken } = await login(t.app, manager.username);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/admin/projects/${project.id}/agents/${agent.id}/force-logout`,
      headers: bearer(accessToken),
      payload: { reason: 'Vardiya bitti' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await db.select().from(notifications).where(eq(notifications.projectId, project.id));
    expect(rows.map((r) => `${r.channel}:${r.recipient}`).sort()).toEqual(['email:mudur@example.com', 'email:yonetici@example.com', 'sms:+905551112233']);
    expect(rows.every((r) => r.status === 'pending' && r.event === 'agent_forced_logout')).toBe(true);

    expect(await deliverDueNotifications(t.app.ctx)).toBe(3);
    const sent = await db.select().from(notifications).where(eq(notifications.projectId, project.id));
    expect(sent.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt)).toBe(true);

    expect(smtp.mails.map((m) => m.to).flat().sort()).toEqual(['mudur@example.com', 'yonetici@example.com']);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe('bildirim@example.com');
    expect(decodedSubject(mail.raw)).toBe('[Bonus Management System] Altın Şans: Agent oturumu sonlandırıldı');
    const body = decodedBody(mail.raw);
    expect(body).toContain('Altın Şans projesinde: Agent oturumu sonlandırıldı.');
    expect(body).toContain(`oturumu ${manager.username} tarafından sonlandırıldı.`);
    expect(body).toContain('Neden: Vardiya bitti');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);

    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]!.to).toBe('+905551112233');
    expect(sms.received[0]!.text).toContain('Altın Şans: Agent oturumu sonlandırıldı.');

    const list = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/notifications`, headers: bearer((await login(t.app, admin.username)).accessToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ status: 'sent', event: 'agent_forced_logout', attempts: 1, lastError: null });
  });

  it('a request waiting longer than waitingAlertMinutes is told once', async () => {
    const project = await buildProject(t.app, { name: 'Yıldız' });
    await t.app.ctx.database.db.update(projectSettings).set({ waitingAlertMinutes: 10 }).where(eq(projectSettings.projectId, project.id));
    const manager = await buildUser(t.app, { role: 'manager', projects: [project.id] });
    await t.app.ctx.database.db.update(users).set({ email: 'bekleme@example.com' }).where(eq(users.id, manager.id));
    const request = await insertRequest(t.app, project.id, { customerId: 'C9', customerName: 'Ayşe Yılmaz', amount: '150' , createdAt: t.clock.now() });

    await alertWaitingRequests(t.app.ctx);
    const count = async () => (await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.projectId, project.id))).length;
    expect(await count(), 'not yet 10 minutes').toBe(0);
    t.clock.advance(11 * 60_000);
    await alertWaitingRequests(t.app.ctx);
    await alertWaitingRequests(t.app.ctx);
    expect(await count(), 'told once').toBe(1);
    const [row] = await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.projectId, project.id));
    expect(row).toMatchObject({ event: 'request_waiting', recipient: 'bekleme@example.com' });
    expect(row!.textBody).toContain(`Talep #${request.id} (Ayşe Yılmaz`);
    expect(row!.textBody).toContain('11 dk süredir bekliyor');
  });

  it('a sync cut short by a server restart is told as failed, with the reason', async () => {
    const project = await buildProject(t.app, { name: 'Kesinti' });
    const manager = await buildUser(t.app, { role: 'manager', projects: [project.id] });
    const db = t.app.ctx.database.db;
    await db.update(users).set({ email: 'kesinti@example.com' }).where(eq(users.id, manager.id));
    const [dead] = await db
      .insert(syncLogs)
      .values({ projectId: project.id, syncType: 'bonus', status: 'running', heartbeatAt: sql`now() - interval '10 minutes'` })
      .returning();

    await failInterruptedSyncs(t.app.ctx, { everyRunning: false });
    const rows = await db.select().from(notifications).where(eq(notifications.projectId, project.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'sync_failed', recipient: 'kesinti@example.com', status: 'pending' });
    expect(rows[0]!.textBody).toContain(`Senkronizasyon #${dead!.id}`);
    expect(rows[0]!.textBody).toContain(SYNC_MESSAGES.serverRestarted);
  });
});

describe('retries', () => {
  it('a gateway failing twice then accepting gives one delivery, sent after 3 attempts with back-off', async () => {
    const sms = await startSmsReceiver(2);
    const t = await createTestApp({ SMS_WEBHOOK_URL: sms.url });
    try {
      const project = await buildProject(t.app);
      await t.app.ctx.database.db.update(projectSettings).set({ smsNotifications: true }).where(eq(projectSettings.projectId, project.id));
      const manager = await buildUser(t.app, { role: 'manager', projects: [project.id] });
      await t.app.ctx.database.db.update(users).set({ phone: '+905559998877' }).where(eq(users.id, manager.id));
      const agent = await buildUser(t.app, { role: 'agent', projects: [project.id] });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth/admin/projects/${project.id}/agents/${agent.id}/force-offline`,
        headers: bearer((await login(t.app, manager.username)).accessToken),
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = async () => (await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.projectId, project.id)))[0]!;

      expect(await deliverDueNotifications(t.app.ctx)).toBe(1);
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS sağlayıcısı 503 yanıtı verdi' });
      // Not due again before its back-off.
      expect(await deliverDueNotifications(t.app.ctx)).toBe(0);
      t.clock.advance(retryDelayMs(1));
      expect(await deliverDueNotifications(t.app.ctx)).toBe(1);
      expect(await row()).toMatchObject({ status: 'pending', attempts: 2 });
      t.clock.advance(retryDelayMs(2));
      expect(await deliverDueNotifications(t.app.ctx)).toBe(1);
      expect(await row()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(sms.calls()).toBe(3);
      expect(sms.received).toHaveLength(1);
      t.clock.advance(3_600_000);
      expect(await deliverDueNotifications(t.app.ctx)).toBe(0);
    } finally {
      await t.close();
      await sms.close();
    }
  });

  it(`gives up after ${MAX_ATTEMPTS} tries, recorded as failed with the last error; two workers at once deliver once`, async () => {
    const sms = await startSmsReceiver(1_000);
    const t = await createTestApp({ SMS_WEBHOOK_URL: sms.url });
    try {
      const project = await buildProject(t.app);
      await t.app.ctx.database.db.update(projectSettings).set({ smsNotifications: true }).where(eq(projectSettings.projectId, project.id));
      const manager = await buildUser(t.app, { role: 'manager', projects: [project.id] });
      await t.app.ctx.database.db.update(users).set({ phone: '+905559998870' }).where(eq(users.id, manager.id));
      const agent = await buildUser(t.app, { role: 'agent', projects: [project.id] });
      await t.app.inject({
        method: 'POST',
        url: `/api/auth/admin/projects/${project.id}/agents/${agent.id}/force-offline`,
        headers: bearer((await login(t.app, manager.username)).accessToken),
        payload: {},
      });
      for (let i = 1; i <= MAX_ATTEMPTS; i++) {
        const tried = await Promise.all([deliverDueNotifications(t.app.ctx), deliverDueNotifications(t.app.ctx)]);
        expect(tried.reduce((a, b) => a + b, 0)).toBe(1);
        t.clock.advance(retryDelayMs(i));
      }
      const [row] = await t.app.ctx.database.db.select().from(notifications).where(eq(notifications.projectId, project.id));
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'SMS sağlayıcısı 503 yanıtı verdi' });
      expect(sms.calls()).toBe(MAX_ATTEMPTS);
    } finally {
      await t.close();
      await sms.close();
    }
  });
});
