import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@common/enums';
import { notifications, projectSettings, users } from '../../db/schema';
import { bearer, buildProject, buildUser, createTestApp, login, type TestApp } from '../../test/harness';
import { insertRequest } from '../bonus/bonus-test-kit';

/**
 * Four eyes in the outbox: a completion that goes for approval tells the project's approvers
 * (active members with request:approve, never the person who asked) once each, after the move
 * committed; a refused move tells nobody.
 */
let t: TestApp;
let project: { id: number; name: string };
let other: { id: number };
const people = {} as Record<'agent' | 'operator' | 'manager' | 'admin' | 'superAdmin' | 'inactiveManager' | 'otherManager', { id: number; username: string; email: string }>;
const tokens = {} as Record<'agent' | 'manager', string>;
let serial = 0;

async function person(key: keyof typeof people, role: Role, projects: number[], isActive = true) {
  const user = await buildUser(t.app, { role, projects, isActive });
  const email = `${key.toLowerCase()}@example.com`;
  await t.app.ctx.database.db.update(users).set({ email, fullName: `Kişi ${key}` }).where(eq(users.id, user.id));
  people[key] = { id: user.id, username: user.username, email };
}

const db = () => t.app.ctx.database.db;
const outbox = () => db().select().from(notifications).where(eq(notifications.projectId, project.id));
const completeUrl = (id: number) => `/api/bonus/projects/${project.id}/requests/${id}/complete`;

async function assignedTo(userId: number, amount: string) {
  serial++;
  return insertRequest(t.app, project.id, {
    status: 'assigned',
    assignedUserId: userId,
    assignedAt: new Date(),
    externalId: `ONAY-${serial}`,
    customerName: 'Ayşe Yılmaz',
    customerUsername: `ayse${serial}`,
    amount,
  });
}

async function complete(token: string, id: number) {
  const res = await t.app.inject({ method: 'POST', url: completeUrl(id), headers: bearer(token), payload: {} });
  // The reaction runs after the commit, on the event bus: wait for it before looking at the outbox.
  await t.app.ctx.events.settled();
  return res;
}

beforeAll(async () => {
  // A transport configured (never reached: nothing is delivered here), so the e-mail channel is on.
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  project = await buildProject(t.app, { name: 'Onay Projesi' });
  other = await buildProject(t.app);
  await person('agent', 'agent', [project.id]);
  await person('operator', 'operator', [project.id]);
  await person('manager', 'manager', [project.id]);
  await person('admin', 'admin', [project.id]);
  await person('superAdmin', 'super_admin', [project.id]);
  await person('inactiveManager', 'manager', [project.id], false);
  await person('otherManager', 'manager', [other.id]);
  tokens.agent = (await login(t.app, people.agent.username)).accessToken;
  tokens.manager = (await login(t.app, people.manager.username)).accessToken;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await db().delete(notifications);
  await db()
    .update(projectSettings)
    .set({ approvalThreshold: '5000', emailNotifications: true, smsNotifications: false, completeConfirmAmount: null })
    .where(eq(projectSettings.projectId, project.id));
});

describe('approvers are told of a completion waiting for approval', () => {
  it("a completion above the threshold queues exactly one notification per approver: not the asker, an agent, an operator, an inactive one or another project's manager", async () => {
    const request = await assignedTo(people.agent.id, '7250.50');
    const res = await complete(tokens.agent, request.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('pending_approval');

    const rows = await outbox();
    expect(rows.map((r) => r.recipient).sort()).toEqual([people.admin.email, people.manager.email, people.superAdmin.email].sort());
    expect(rows.every((r) => r.event === 'approval_requested' && r.channel === 'email' && r.status === 'pending')).toBe(true);
    expect(new Set(rows.map((r) => r.recipientUserId)).size).toBe(rows.length);

    const mail = rows[0]!;
    expect(mail.subject).toBe('[Bonus Management System] Onay Projesi: Onay bekleyen talep');
    expect(mail.textBody).toContain(`Talep ONAY-${serial} (Ayşe Yılmaz, ₺7.250,50) Kişi agent tarafından onaya gönderildi.`);
    expect(mail.textBody).toContain(`Dış referans: ONAY-${serial}`);
    expect(mail.textBody).toContain('Tutar: ₺7.250,50');
    expect(mail.textBody).toContain(`Müşteri: Ayşe Yılmaz (ayse${serial})`);
    expect(mail.textBody).toContain('Onaya gönderen: Kişi agent');
    expect(mail.textBody).toContain('Neden: Onay eşiği aşıldı (5.000,00 ₺)');
  });

  it('the person who asked is left out when they are an approver themselves', async () => {
    const request = await assignedTo(people.manager.id, '6000.00');
    expect((await complete(tokens.manager, request.id)).json().data.status).toBe('pending_approval');
    expect((await outbox()).map((r) => r.recipient).sort()).toEqual([people.admin.email, people.superAdmin.email].sort());
  });

  it('nothing is queued for a refused move, nor for a completion that does not ask', async () => {
    const notYours = await assignedTo(people.manager.id, '9000.00');
    const refused = await complete(tokens.agent, notYours.id);
    expect(refused.statusCode).toBe(403);

    const asked = await assignedTo(people.agent.id, '9000.00');
    expect((await complete(tokens.agent, asked.id)).statusCode).toBe(200);
    await db().delete(notifications);
    // The same completion again: it waits for approval already, the move is refused (409), nobody is told twice.
    expect((await complete(tokens.agent, asked.id)).statusCode).toBe(409);

    const below = await assignedTo(people.agent.id, '4999.99');
    expect((await complete(tokens.agent, below.id)).json().data.status).toBe('completed');
    expect(await outbox()).toEqual([]);
  });

  it("respects the project's notification settings: with its channels off nothing is queued", async () => {
    await db().update(projectSettings).set({ emailNotifications: false }).where(eq(projectSettings.projectId, project.id));
    const quiet = await assignedTo(people.agent.id, '8000.00');
    expect((await complete(tokens.agent, quiet.id)).json().data.status).toBe('pending_approval');
    expect(await outbox()).toEqual([]);
  });
});
