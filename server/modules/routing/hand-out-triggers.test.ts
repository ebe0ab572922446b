import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, login } from '../../test/harness';
import {
  call,
  closeSockets,
  connectOnline,
  createRule,
  freshProject as freshProjectOf,
  newRequest,
  requestRow,
  requestsUrl,
  routingTestBed,
  rulesUrl,
} from './routing-test-kit';
import { handOutWhereWindowsOpened } from './window-openings';

/**
 * Hand-out beyond an agent coming online (issue 11): every change that can make someone a
 * target — a rule switched on, an agent switched back on, their capacity raised or set back to
 * the project's default, the project's default capacity raised — hands waiting requests out at once.
 */
let t: Awaited<ReturnType<typeof routingTestBed>>;
let operator: string;
let superAdmin: string;
beforeAll(async () => {
  t = await routingTestBed();
  operator = (await login(t.app, t.members.operator.username)).accessToken;
  superAdmin = (await login(t.app, t.members.super_admin.username)).accessToken;
}, 60_000);
afterAll(async () => {
  closeSockets();
  await t?.close();
});

const freshProject = () => freshProjectOf(t);

/** Hand-out runs after the change commits, as a reaction to its event: the assignee once every reaction has run. */
async function assigneeSoon(requestId: number): Promise<number | null> {
  await t.app.ctx.events.settled();
  return (await requestRow(t.app, requestId)).assignedUserId;
}

const waiting = async (project: number) => {
  const res = await call(t.app, 'POST', requestsUrl(project), operator, newRequest());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string };
};

const agentUrl = (project: number, userId: number) => `/api/projects/${project}/agents/${userId}`;

describe('hand-out when the rules or capacities change', () => {
  it('a rule switched on hands the waiting requests to its eligible target', async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project] });
    await connectOnline(t.app, project, agent);
    const rule = await createRule(t.app, project, t.manager, { isActive: false });
    const request = await waiting(project);
    expect(request.status).toBe('new') // no active rule: nothing routes it yet;

    const res = await call(t.app, 'PATCH', `${rulesUrl(project)}/${rule.id}/toggle`, t.manager, { isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await assigneeSoon(request.id)).toBe(agent.id);
    expect((await requestRow(t.app, request.id)).status).toBe('assigned');
  });

  it('a new active rule does the same, and a paused one does not', async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project] });
    await connectOnline(t.app, project, agent);
    const request = await waiting(project);
    await createRule(t.app, project, t.manager, { isActive: false, ruleName: 'Duraklatılmış' });
    // Every reaction to the paused rule has run: it handed nothing out.
    await t.app.ctx.events.settled();
    expect((await requestRow(t.app, request.id)).assignedUserId).toBeNull();
    await createRule(t.app, project, t.manager, { ruleName: 'Yeni kural' });
    expect(await assigneeSoon(request.id)).toBe(agent.id);
  });

  it('an agent switched back on in the project gets the requests the rules route to them', async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project] });
    await connectOnline(t.app, project, agent);
    await createRule(t.app, project, t.manager, { targetStrategy: 'user', targetUserId: agent.id });
    expect((await call(t.app, 'PATCH', `${agentUrl(project, agent.id)}/toggle`, superAdmin, { isActive: false })).statusCode).toBe(200);
    const request = await waiting(project);
    expect(request.status).toBe('queued');

    expect((await call(t.app, 'PATCH', `${agentUrl(project, agent.id)}/toggle`, superAdmin, { isActive: true })).statusCode).toBe(200);
    expect(await assigneeSoon(request.id)).toBe(agent.id);
  });

  it("raising an agent's capacity, or setting it back to the project's default, hands out at once", async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project], maxLoad: 1 });
    await connectOnline(t.app, project, agent);
    await createRule(t.app, project, t.manager, { targetStrategy: 'user', targetUserId: agent.id });
    const first = await waiting(project);
    const second = await waiting(project);
    const third = await waiting(project);
    expect([first.status, second.status, third.status]).toEqual(['assigned', 'queued', 'queued']);

    const raised = await call(t.app, 'PUT', agentUrl(project, agent.id), superAdmin, { maxLoad: 2 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ maxLoad: 2, ownMaxLoad: 2 });
    expect(await assigneeSoon(second.id)).toBe(agent.id);
    expect((await requestRow(t.app, third.id)).assignedUserId).toBeNull();

    // null: no capacity of their own any more, the project's default (5) applies.
    const reset = await call(t.app, 'PUT', agentUrl(project, agent.id), superAdmin, { maxLoad: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({ maxLoad: 5, ownMaxLoad: null });
    expect(await assigneeSoon(third.id)).toBe(agent.id);
  });

  it("raising the project's default capacity hands out to the agents who have none of their own", async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project], maxLoad: null });
    const settingsUrl = `/api/projects/${project}/settings`;
    const settings = {
      timezone: 'Europe/Istanbul',
      autoSync: false,
      syncInterval: 30,
      emailNotifications: false,
      smsNotifications: false,
      waitingAlertMinutes: 30,
      claimLeaseMinutes: 30,
      completeConfirmAmount: '10000',
      duplicateWindowHours: 24,
    };
    expect((await call(t.app, 'PUT', settingsUrl, superAdmin, { ...settings, defaultAgentCapacity: 1 })).statusCode).toBe(200);
    await connectOnline(t.app, project, agent);
    await createRule(t.app, project, t.manager, { targetStrategy: 'user', targetUserId: agent.id });
    const first = await waiting(project);
    const second = await waiting(project);
    expect([first.status, second.status]).toEqual(['assigned', 'queued']);

    const saved = await call(t.app, 'PUT', settingsUrl, superAdmin, { ...settings, defaultAgentCapacity: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await assigneeSoon(second.id)).toBe(agent.id);
  });
});

describe('hand-out when a time window opens by the clock', () => {
  /** 'HH:MM' of an instant in Istanbul. */
  const istanbulTime = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

  it("a rule whose window opens routes the requests that waited for it; one that stays closed does not", async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project] });
    await connectOnline(t.app, project, agent);
    const now = t.app.ctx.clock.now();
    const opensAt = new Date(now.getTime() + 2 * 60_000);
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    await createRule(t.app, project, t.manager, {
      ruleName: 'Vardiya başlayınca',
      targetStrategy: 'user',
      targetUserId: agent.id,
      conditions: [{ conditionType: 'time_window', weekdays: everyDay, from: istanbulTime(opensAt), to: istanbulTime(new Date(opensAt.getTime() + 3600_000)) }],
    });
    const request = await waiting(project);
    expect(request.status).toBe('queued');

    // Nothing opened between two moments before the window.
    expect(await handOutWhereWindowsOpened(t.app.ctx, now, t.app.ctx.clock.now())).not.toContain(project);
    expect((await requestRow(t.app, request.id)).assignedUserId).toBeNull();

    const since = t.app.ctx.clock.now();
    t.clock.advance(3 * 60_000);
    expect(await handOutWhereWindowsOpened(t.app.ctx, since, t.app.ctx.clock.now())).toContain(project);
    const row = await requestRow(t.app, request.id);
    expect(row.assignedUserId).toBe(agent.id);
    expect(row.status).toBe('assigned');
  });
});
