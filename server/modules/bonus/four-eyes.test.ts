import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ViewedRequest } from '@common/schemas/bonus';
import { auditLogs, bonusRequestEvents, bonusRequests, projectSettings } from '../../db/schema';
import { bearer, login } from '../../test/harness';
import { expireClaimLeases } from '../routing';
import { bonusTestBed, get, insertRequest, post, requestsUrl, signedInMember } from './bonus-test-kit';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const db = () => bed.app.ctx.database.db;
const url = (id: number, action = '') => `${requestsUrl(bed.project.id)}/${id}${action ? `/${action}` : ''}`;
let serial = 0;

async function setDesk(values: Partial<typeof projectSettings.$inferInsert>) {
  await db().update(projectSettings).set(values).where(eq(projectSettings.projectId, bed.project.id));
}

/** A request assigned to `userId`, ready to complete. */
async function assignedTo(userId: number, values: Partial<typeof bonusRequests.$inferInsert> = {}) {
  return insertRequest(bed.app, bed.project.id, {
    status: 'assigned',
    assignedUserId: userId,
    assignedAt: new Date(),
    externalId: `FE-${++serial}`,
    customerId: `c-${serial}`,
    amount: '100.00',
    ...values,
  });
}

async function row(id: number) {
  const [r] = await db().select().from(bonusRequests).where(eq(bonusRequests.id, id));
  return r!;
}

async function pendingBy(role: 'agent' | 'manager' | 'super_admin', amount = '5000.00') {
  const request = await assignedTo(bed.members[role].id, { amount });
  const res = await post(bed.app, url(request.id, 'complete'), bed.tokens[role], { confirmAmount: amount });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('pending_approval');
  return request;
}

beforeEach(async () => {
  await setDesk({ approvalThreshold: '5000', customerDailyLimit: null, customerMonthlyLimit: null, completeConfirmAmount: null, timezone: 'Europe/Istanbul' });
});

describe('four eyes above the approval threshold', () => {
  it('the threshold is a project setting, off by default, validated like other amounts', async () => {
    const [fresh] = await db().select({ t: projectSettings.approvalThreshold }).from(projectSettings).where(eq(projectSettings.projectId, bed.foreign.id));
    expect(fresh!.t).toBeNull();
    const settingsUrl = `/api/projects/${bed.project.id}/settings`;
    const current = (await get(bed.app, settingsUrl, bed.tokens.admin)).json().data.settings;
    const { approvalThreshold: _a, customerDailyLimit: _d, customerMonthlyLimit: _m, ...rest } = current;
    const bad = await bed.app.inject({ method: 'PUT', url: settingsUrl, headers: bearer(bed.tokens.admin), payload: { ...rest, approvalThreshold: '12,5x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.approvalThreshold).toBe('Geçerli bir tutar girin (en fazla 2 ondalık)');
    const ok = await bed.app.inject({ method: 'PUT', url: settingsUrl, headers: bearer(bed.tokens.admin), payload: { ...rest, approvalThreshold: '7500.50', customerDailyLimit: '', customerMonthlyLimit: '20000' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.settings).toMatchObject({ approvalThreshold: '7500.50', customerDailyLimit: null, customerMonthlyLimit: '20000.00' });
    // Left out: unchanged (older clients send the body without them).
    const again = await bed.app.inject({ method: 'PUT', url: settingsUrl, headers: bearer(bed.tokens.admin), payload: rest });
    expect(again.json().data.settings.approvalThreshold).toBe('7500.50');
  });

  it('below the threshold a completion completes; at it, it waits for approval, keeps its assignee and says who asked', async () => {
    const below = await assignedTo(bed.members.agent.id, { amount: '4999.99' });
    expect((await post(bed.app, url(below.id, 'complete'), bed.tokens.agent)).json().data.status).toBe('completed');

    const at = await assignedTo(bed.members.agent.id, { amount: '5000.00' });
    const res = await post(bed.app, url(at.id, 'complete'), bed.tokens.agent, { notes: 'Ödeme hazır' });
    expect(res.statusCode, res.body).toBe(200);
    const body: ViewedRequest = res.json().data;
    expect(body).toMatchObject({
      status: 'pending_approval',
      agentId: bed.members.agent.id,
      approvalRequestedBy: bed.members.agent.id,
      approvalRequestedByName: bed.members.agent.fullName,
      completedBy: null,
      completedAt: null,
      completionNotes: 'Ödeme hazır',
      approvalDetails: { threshold: '5000.00', customerLimits: [] },
    });
    expect(body.approvalRequestedAt).not.toBeNull();
    expect(body.abilities.canApprove).toBe(false);
    const events = await db().select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, at.id));
    expect(events.map((e) => [e.type, e.fromStatus, e.toStatus])).toEqual([['approval_requested', 'assigned', 'pending_approval']]);
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.resourceId, String(at.id)));
    expect(audits.map((a) => a.action)).toEqual(['REQUEST_BONUS_APPROVAL']);
  });

  it('holds for every role: a manager and a super admin are sent for approval too', async () => {
    await pendingBy('manager');
    await pendingBy('super_admin');
  });

  it('the person who asked cannot approve or reject it, not even a super admin (403 FOUR_EYES_REQUIRED), and nothing changes', async () => {
    const request = await pendingBy('super_admin');
    const before = await row(request.id);
    for (const [action, body] of [['approve', {}], ['reject', { reason: 'kendim' }]] as const) {
      const res = await post(bed.app, url(request.id, action), bed.tokens.super_admin, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FOUR_EYES_REQUIRED', message: 'Kendi onaya gönderdiğiniz talebi onaylayamazsınız; başka bir yönetici onaylamalı' });
    }
    expect(await row(request.id)).toEqual(before);
  });

  it('the database refuses a self-approval and a completion past the threshold, whatever path writes it', async () => {
    const request = await pendingBy('agent');
    const selfApproval = db().execute(sql`update bonus_requests set status = 'completed', completed_by_user_id = approval_requested_by_user_id, approved_by_user_id = approval_requested_by_user_id, approved_at = now() where id = ${request.id}`);
    await expect(selfApproval).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'BP403' }) });
    const noApprover = db().execute(sql`update bonus_requests set status = 'completed', completed_by_user_id = ${bed.members.agent.id} where id = ${request.id}`);
    await expect(noApprover).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'BP403' }) });
    const direct = await assignedTo(bed.members.agent.id, { amount: '9000.00' });
    const skip = db().execute(sql`update bonus_requests set status = 'completed', completed_by_user_id = ${bed.members.agent.id}, completed_at = now() where id = ${direct.id}`);
    await expect(skip).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'BP403' }) });
    // The project's own system closing it (no person completes it) is not a payout here.
    await db().execute(sql`update bonus_requests set status = 'completed', completed_at = now() where id = ${direct.id}`);
    expect((await row(direct.id)).status).toBe('completed');
  });

  it('a manager approves: completed in the name of the person who asked, who approved and when recorded, in the timeline and the audit', async () => {
    const request = await pendingBy('agent');
    const res = await post(bed.app, url(request.id, 'approve'), bed.tokens.manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'completed', completedBy: bed.members.agent.id, approvedBy: bed.members.manager.id, approvedByName: bed.members.manager.fullName });
    const after = await row(request.id);
    expect(after.approvedAt).toBeInstanceOf(Date);
    expect(after.completedAt).toBeInstanceOf(Date);
    const events = await db().select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, request.id)).orderBy(bonusRequestEvents.id);
    expect(events.map((e) => [e.type, e.actorUserId])).toEqual([
      ['approval_requested', bed.members.agent.id],
      ['approved', bed.members.manager.id],
    ]);
    const audits = await db().select().from(auditLogs).where(and(eq(auditLogs.resourceId, String(request.id)), eq(auditLogs.action, 'APPROVE_BONUS_REQUEST')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.userId).toBe(bed.members.manager.id);
    // Undo of an approval is not offered, and the asker cannot undo it either.
    const undo = await post(bed.app, url(request.id, 'undo'), bed.tokens.agent, { action: 'complete', version: after.version });
    expect(undo.statusCode).toBe(409);
    expect((await row(request.id)).status).toBe('completed');
  });

  it('only a manager, admin or super admin who is a member may approve', async () => {
    const request = await pendingBy('agent');
    for (const role of ['agent', 'operator'] as const) {
      expect((await post(bed.app, url(request.id, 'approve'), bed.tokens[role])).statusCode).toBe(403);
    }
    const outsider = await signedInMember(bed.app, bed.foreign.id, { role: 'manager' });
    // Not a member: the project is not theirs to see (404, as everywhere).
    expect((await post(bed.app, url(request.id, 'approve'), outsider.token)).statusCode).toBe(404);
    expect((await row(request.id)).status).toBe('pending_approval');
    expect((await post(bed.app, url(request.id, 'approve'), bed.tokens.admin)).statusCode).toBe(200);
  });

  it('two approvers at once: exactly one wins, the other gets 409 naming the winner', async () => {
    const request = await pendingBy('agent');
    const [a, b] = await Promise.all([post(bed.app, url(request.id, 'approve'), bed.tokens.manager), post(bed.app, url(request.id, 'approve'), bed.tokens.admin)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? bed.members.manager : bed.members.admin;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json()).toMatchObject({ code: 'ALREADY_DECIDED', message: `Bu talep zaten ${winner.fullName} tarafından onaylandı` });
    const approvals = await db().select().from(bonusRequestEvents).where(and(eq(bonusRequestEvents.requestId, request.id), eq(bonusRequestEvents.type, 'approved')));
    expect(approvals).toHaveLength(1);
  });

  it('a rejection needs a reason and sends the request back to the asker, in progress, with the reason shown', async () => {
    const request = await pendingBy('agent');
    for (const body of [{}, { reason: '   ' }]) {
      const res = await post(bed.app, url(request.id, 'reject'), bed.tokens.manager, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Ret sebebi yazın');
    }
    const res = await post(bed.app, url(request.id, 'reject'), bed.tokens.manager, { reason: 'Müşteri bu ay zaten aldı' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'in_progress',
      agentId: bed.members.agent.id,
      rejectionReason: 'Müşteri bu ay zaten aldı',
      rejectedByName: bed.members.manager.fullName,
      approvalRequestedBy: null,
    });
    const detail = (await get(bed.app, url(request.id), bed.tokens.agent)).json().data;
    expect(detail.request.rejectionReason).toBe('Müşteri bu ay zaten aldı');
    expect(detail.events.at(-1)).toMatchObject({ type: 'rejected', reason: 'Müşteri bu ay zaten aldı', actorName: bed.members.manager.fullName });
    // A second approver arriving late hears it was rejected.
    const late = await post(bed.app, url(request.id, 'approve'), bed.tokens.admin);
    expect(late.json()).toMatchObject({ code: 'ALREADY_DECIDED', message: `Bu talep zaten ${bed.members.manager.fullName} tarafından reddedildi` });
    // Completing it again asks again.
    const again = await post(bed.app, url(request.id, 'complete'), bed.tokens.agent);
    expect(again.json().data).toMatchObject({ status: 'pending_approval', rejectionReason: null });
  });

  it('every request carries canApprove: true for a manager on another person\'s waiting approval only', async () => {
    const mine = await pendingBy('manager');
    const theirs = await pendingBy('agent');
    const ability = async (role: 'manager' | 'agent' | 'admin', id: number) => (await get(bed.app, url(id), bed.tokens[role])).json().data.request.abilities.canApprove;
    expect(await ability('manager', theirs.id)).toBe(true);
    expect(await ability('admin', theirs.id)).toBe(true);
    expect(await ability('manager', mine.id)).toBe(false);
    expect(await ability('agent', theirs.id)).toBe(false);
    const list = (await get(bed.app, `${requestsUrl(bed.project.id)}?status=approval&limit=100`, bed.tokens.manager)).json().data.items as ViewedRequest[];
    expect(list.find((r) => r.id === theirs.id)?.abilities.canApprove).toBe(true);
    expect(list.find((r) => r.id === mine.id)?.abilities.canApprove).toBe(false);
    expect(list.every((r) => r.status === 'pending_approval')).toBe(true);
  });

  it('a waiting approval is never claimed, leased back or counted in the asker\'s load', async () => {
    const agent = await signedInMember(bed.app, bed.project.id, { role: 'agent', maxLoad: 1 });
    const request = await assignedTo(agent.user.id, { amount: '6000.00' });
    expect((await post(bed.app, url(request.id, 'complete'), agent.token)).json().data.status).toBe('pending_approval');
    const claim = await post(bed.app, url(request.id, 'assign'), bed.tokens.manager);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe('Talep "Onay Bekliyor" durumunda olduğu için üzerine alınamaz');
    const requeue = await post(bed.app, url(request.id, 'requeue'), bed.tokens.manager);
    expect(requeue.statusCode).toBe(409);
    // Their load is 0 of 1: they can take another.
    const next = await insertRequest(bed.app, bed.project.id, { status: 'new', externalId: `FE-${++serial}` });
    const claimed = await post(bed.app, url(next.id, 'assign'), agent.token);
    expect(claimed.json().data.enqueued).toBe(false);
    // The lease sweep passes it by, however old.
    bed.clock.advance(48 * 3_600_000);
    await expireClaimLeases(bed.app.ctx);
    expect((await row(request.id)).status).toBe('pending_approval');
  });
});

describe('per-customer limits', () => {
  /** Sets the clock to `iso` (the server's now; later than the real one) and signs everyone in again there. */
  async function at(iso: string) {
    bed.clock.advance(new Date(iso).getTime() - bed.clock.now().getTime());
    for (const role of ['agent', 'operator', 'manager'] as const) bed.tokens[role] = (await login(bed.app, bed.members[role].username)).accessToken;
  }
  async function paid(customerId: string, amount: string, completedAt: string) {
    await insertRequest(bed.app, bed.project.id, { status: 'completed', externalId: `FE-${++serial}`, customerId, amount, completedAt: new Date(completedAt), completedByUserId: bed.members.agent.id });
  }

  it('a completion that would cross the daily limit waits for approval with the figures, counted in the project\'s day around midnight', async () => {
    await setDesk({ approvalThreshold: null, customerDailyLimit: '1000', timezone: 'Europe/Istanbul' });
    // 00:30 on 28 November in Istanbul (21:30 UTC on the 27th).
    await at('2026-11-27T21:30:00Z');
    await paid('lim-day', '700.00', '2026-11-27T20:50:00Z'); // 23:50 local on the 27th: yesterday
    await paid('lim-day', '400.00', '2026-11-27T21:10:00Z'); // 00:10 local on the 28th: today
    const fits = await assignedTo(bed.members.agent.id, { customerId: 'lim-day', amount: '600.00' });
    const res = await post(bed.app, url(fits.id, 'complete'), bed.tokens.agent);
    // 400 + 600 = 1000: not past the limit (a UTC day would have counted 1,100 and asked).
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('completed');
    const crosses = await assignedTo(bed.members.agent.id, { customerId: 'lim-day', amount: '0.01' });
    const asked = (await post(bed.app, url(crosses.id, 'complete'), bed.tokens.agent)).json().data;
    expect(asked).toMatchObject({
      status: 'pending_approval',
      approvalDetails: { threshold: null, customerLimits: [{ period: 'daily', used: '1000.00', limit: '1000.00', amount: '0.01' }] },
    });
    // The approver may approve it.
    expect((await post(bed.app, url(crosses.id, 'approve'), bed.tokens.manager)).json().data.status).toBe('completed');
  });

  it('the monthly limit counts from the first of the month in the project\'s time zone, by customer id else username', async () => {
    await setDesk({ approvalThreshold: null, customerMonthlyLimit: '2000', timezone: 'Europe/Istanbul' });
    // 00:30 on 1 December in Istanbul.
    await at('2026-11-30T21:30:00Z');
    await paid('lim-month', '1500.00', '2026-11-30T20:00:00Z'); // 23:00 local on 30 November: last month
    const fits = await assignedTo(bed.members.agent.id, { customerId: 'lim-month', amount: '2000.00' });
    expect((await post(bed.app, url(fits.id, 'complete'), bed.tokens.agent)).json().data.status).toBe('completed');
    // By username when there is no customer id (case-insensitive, as duplicates compare it).
    await paid('', '10.00', '2026-11-30T21:20:00Z');
    await db().update(bonusRequests).set({ customerId: null, customerUsername: 'Oyuncu.Limit' }).where(eq(bonusRequests.externalId, `FE-${serial}`));
    const byName = await assignedTo(bed.members.agent.id, { customerId: null, customerUsername: 'oyuncu.limit', amount: '1995.00' });
    const res = (await post(bed.app, url(byName.id, 'complete'), bed.tokens.agent)).json().data;
    expect(res.status).toBe('pending_approval');
    expect(res.approvalDetails.customerLimits).toEqual([{ period: 'monthly', used: '10.00', limit: '2000.00', amount: '1995.00' }]);
  });

  it('two completions for one customer at once cannot both stay under a limit they cross together', async () => {
    await setDesk({ approvalThreshold: null, customerDailyLimit: '1000', timezone: 'UTC' });
    const first = await assignedTo(bed.members.agent.id, { customerId: 'lim-race', amount: '600.00' });
    const second = await assignedTo(bed.members.operator.id, { customerId: 'lim-race', amount: '600.00' });
    const results = await Promise.all([post(bed.app, url(first.id, 'complete'), bed.tokens.agent), post(bed.app, url(second.id, 'complete'), bed.tokens.operator)]);
    expect(results.map((r) => r.json().data.status).sort()).toEqual(['completed', 'pending_approval']);
  });

  it('the threshold and a limit together name both reasons', async () => {
    await setDesk({ approvalThreshold: '500', customerDailyLimit: '100', timezone: 'UTC' });
    const request = await assignedTo(bed.members.agent.id, { customerId: 'lim-both', amount: '700.00' });
    const res = (await post(bed.app, url(request.id, 'complete'), bed.tokens.agent)).json().data;
    expect(res.approvalDetails).toEqual({ threshold: '500.00', customerLimits: [{ period: 'daily', used: '0.00', limit: '100.00', amount: '700.00' }] });
  });
});
