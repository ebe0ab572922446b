import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SUMMARY_MESSAGES } from '@common/schemas/customer-summary';
import { projectSettings } from '../../db/schema';
import { buildProject } from '../../test/harness';
import { bonusTestBed, get, insertRequests, signedInMember, type RequestRow } from './bonus-test-kit';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const summaryUrl = (projectId: number, query: string) => `/api/bonus/projects/${projectId}/customers/summary?${query}`;
const DAY = 86_400_000;

/** The clock set to an exact instant (ManualClock only moves forward from the real time, so it is moved by the difference). */
function setNow(at: Date) {
  bed.clock.advance(at.getTime() - bed.clock.now().getTime());
}

async function setDesk(projectId: number, values: Partial<typeof projectSettings.$inferInsert>) {
  await bed.app.ctx.database.db.update(projectSettings).set(values).where(eq(projectSettings.projectId, projectId));
}

/** A project of its own, with an agent in it who asks. */
async function ownProject() {
  const project = await buildProject(bed.app);
  const agent = await signedInMember(bed.app, project.id);
  const summary = (query: string) => get(bed.app, summaryUrl(project.id, query), agent.token);
  const insert = (rows: Partial<RequestRow>[]) => insertRequests(bed.app, project.id, rows);
  return { project, agent, summary, insert };
}

describe('GET …/customers/summary', () => {
  it("answers the customer's last 10 requests, the last 30 days' completions and what is open", async () => {
    const { summary, insert } = await ownProject();
    const now = bed.clock.now().getTime();
    const ago = (days: number, minutes = 0) => new Date(now - days * DAY - minutes * 60_000);
    const customer = { customerId: 'C-500', customerUsername: 'ayse' };
    await insert([
      // Paid within 30 days: 3 bonuses, 4.500,00 ₺.
      { ...customer, externalId: 'S-1', status: 'completed', amount: '1000.00', bonusType: 'cashback', createdAt: ago(20), completedAt: ago(20) },
      { ...customer, externalId: 'S-2', status: 'completed', amount: '1500.00', bonusType: 'points', createdAt: ago(10), completedAt: ago(10) },
      { ...customer, externalId: 'S-3', status: 'completed', amount: '2000.00', bonusType: 'other', createdAt: ago(2), completedAt: ago(1) },
      // Paid 40 days ago: not in the last 30 days.
      { ...customer, externalId: 'S-OLD', status: 'completed', amount: '9000.00', createdAt: ago(41), completedAt: ago(40) },
      { ...customer, externalId: 'S-NEW', status: 'new', amount: '10.00', createdAt: ago(0, 50) },
      { ...customer, externalId: 'S-Q', status: 'queued', amount: '20.50', createdAt: ago(0, 40) },
      { ...customer, externalId: 'S-A', status: 'assigned', amount: '30.00', createdAt: ago(0, 30) },
      { ...customer, externalId: 'S-P', status: 'pending_approval', amount: '7000.00', createdAt: ago(0, 20) },
      { ...customer, externalId: 'S-X', status: 'cancelled', amount: '40.00', createdAt: ago(3) },
      { ...customer, externalId: 'S-E', status: 'error', amount: '50.00', createdAt: ago(4) },
      { ...customer, externalId: 'S-C1', status: 'completed', amount: '5.00', createdAt: ago(50), completedAt: ago(50) },
      { ...customer, externalId: 'S-C2', status: 'completed', amount: '6.00', createdAt: ago(60), completedAt: ago(60) },
      // Someone else; and the same username with no id is another customer key.
      { customerId: 'C-501', externalId: 'OTHER-1', status: 'new', amount: '99.00', createdAt: ago(0, 10) },
      { customerUsername: 'ayse', externalId: 'NAME-ONLY', status: 'completed', amount: '77.00', createdAt: ago(1), completedAt: ago(1) },
    ]);
    const res = await summary('customerId=C-500');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.recent.map((r: { externalId: string }) => r.externalId)).toEqual(['S-P', 'S-A', 'S-Q', 'S-NEW', 'S-3', 'S-X', 'S-E', 'S-2', 'S-1', 'S-OLD']);
    expect(data.recent[0]).toEqual({ id: expect.any(Number), externalId: 'S-P', bonusType: 'other', amount: '7000.00', status: 'pending_approval', createdAt: ago(0, 20).toISOString() });
    expect(data.last30Days).toEqual({ count: 3, amount: '4500.00' });
    expect(data.open).toEqual({ waiting: { count: 2, amount: '30.50' }, inProgress: { count: 1, amount: '30.00' }, pendingApproval: { count: 1, amount: '7000.00' } });
    // No limits set in the project.
    expect(data.limits).toEqual({ daily: null, monthly: null });

    // By username (any case): only the requests keyed by it, those without a customer id.
    const byName = (await summary('customerUsername=AYSE')).json().data;
    expect(byName.recent.map((r: { externalId: string }) => r.externalId)).toEqual(['NAME-ONLY']);
    expect(byName.last30Days).toEqual({ count: 1, amount: '77.00' });

    // A customer with nothing yet: empty, zeros.
    const none = (await summary('customerId=NOBODY')).json().data;
    expect(none).toEqual({
      recent: [],
      last30Days: { count: 0, amount: '0' },
      open: { waiting: { count: 0, amount: '0' }, inProgress: { count: 0, amount: '0' }, pendingApproval: { count: 0, amount: '0' } },
      limits: { daily: null, monthly: null },
    });
  });

  it("never shows another project's requests of the same customer, and refuses another project", async () => {
    const mine = await ownProject();
    const theirs = await ownProject();
    await theirs.insert([{ customerId: 'C-SHARED', externalId: 'THEIRS-1', status: 'completed', amount: '500.00', completedAt: bed.clock.now() }]);
    await mine.insert([{ customerId: 'C-SHARED', externalId: 'MINE-1', status: 'new', amount: '5.00' }]);
    const data = (await mine.summary('customerId=C-SHARED')).json().data;
    expect(data.recent.map((r: { externalId: string }) => r.externalId)).toEqual(['MINE-1']);
    expect(data.last30Days).toEqual({ count: 0, amount: '0' });
    const foreign = await get(bed.app, summaryUrl(theirs.project.id, 'customerId=C-SHARED'), mine.agent.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('THEIRS-1');
  });

  it('answers 400 in Turkish without a customer, with both, or with a value too long', async () => {
    const cases: [string, Record<string, string>][] = [
      ['', { customerId: CUSTOMER_SUMMARY_MESSAGES.customerRequired }],
      ['customerId=%20%20', { customerId: CUSTOMER_SUMMARY_MESSAGES.customerRequired }],
      ['customerId=C-1&customerUsername=ayse', { customerUsername: CUSTOMER_SUMMARY_MESSAGES.onlyOne }],
      [`customerId=${'x'.repeat(101)}`, { customerId: CUSTOMER_SUMMARY_MESSAGES.tooLong }],
      [`customerUsername=${'y'.repeat(101)}`, { customerUsername: CUSTOMER_SUMMARY_MESSAGES.tooLong }],
    ];
    for (const [query, errors] of cases) {
      const res = await get(bed.app, summaryUrl(bed.project.id, query), bed.tokens.agent);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual(errors);
    }
    expect((await get(bed.app, summaryUrl(bed.project.id, `customerId=${'x'.repeat(100)}`), bed.tokens.agent)).statusCode).toBe(200);
  });
  it("counts the limits left from the local day and month of the project's time zone", async () => {
    // 00:30 on the 1st of next month in Istanbul (UTC+3) is still the last day of this month in UTC.
    // (Moved last in the file: the clock only goes forward; whoever asks signs in after.)
    const real = bed.clock.now();
    const firstLocal = Date.UTC(real.getUTCFullYear(), real.getUTCMonth() + 1, 1, 0, 30) - 3 * 3_600_000;
    setNow(new Date(firstLocal));
    const { project, summary, insert } = await ownProject();
    await setDesk(project.id, { timezone: 'Europe/Istanbul', customerDailyLimit: '1000.00', customerMonthlyLimit: '3000.00' });
    const paid = (externalId: string, amount: string, minutesBefore: number) => {
      const at = new Date(firstLocal - minutesBefore * 60_000);
      return { customerId: 'C-TZ', externalId, status: 'completed' as const, amount, createdAt: at, completedAt: at };
    };
    await insert([
      paid('TZ-TODAY', '400.00', 20), // 00:10 on the 1st, local: today and this month
      paid('TZ-YESTERDAY', '700.00', 40), // 23:50 on the last day, local: neither (the same UTC day)
    ]);
    const data = (await summary('customerId=C-TZ')).json().data;
    expect(data.limits).toEqual({
      daily: { limit: '1000.00', used: '400.00', left: '600.00' },
      monthly: { limit: '3000.00', used: '400.00', left: '2600.00' },
    });
    // Past a limit, nothing is left (never below zero).
    await insert([paid('TZ-BIG', '900.00', 10)]);
    const after = (await summary('customerId=C-TZ')).json().data;
    expect(after.limits.daily).toEqual({ limit: '1000.00', used: '1300.00', left: '0.00' });
    await setDesk(project.id, { customerDailyLimit: null });
    expect((await summary('customerId=C-TZ')).json().data.limits.daily).toBeNull();
  });

});
