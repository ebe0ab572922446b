import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@common/socket-events';
import { bonusRequests, projectSettings } from '../../db/schema';
import { buildUser, login, siblingInstance } from '../../test/harness';
import { connectAs, listen, nextEvent } from '../../test/socket-client';
import { importRequestBatch } from '../bridge-sync/import-request-batch';
import { BULK_EVENT_THRESHOLD } from '../bonus/request-changes';
import { eq } from 'drizzle-orm';
import { expireClaimLeases } from './claim-lease';
import { handOutTo } from './hand-out';
import {
  call,
  closeSockets,
  connectOnline,
  createRule,
  eventsOf,
  lastAudit,
  loads,
  newRequest,
  onlineAgent,
  requestRow,
  requestsUrl,
  routingTestBed,
  setOnline,
  freshProject as freshProjectOf,
} from './routing-test-kit';
import { presenceOf } from '../agents/presence';

/**
 * Routing at work (issue 11): requests routed in the transaction that creates them (form, API,
 * sync batch) through the state machine, with timeline, audit and socket events; the round
 * robin cursor across a restart; hand-out when an agent comes online; one owner when a claim
 * races a hand-out; the claim lease with the clock moved.
 */
let t: Awaited<ReturnType<typeof routingTestBed>>;
let operator: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await routingTestBed();
  operator = (await login(t.app, t.members.operator.username)).accessToken;
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  closeSockets();
  await t?.close();
});

const freshProject = () => freshProjectOf(t);

describe('routing a new request in its creating transaction', () => {
  it('the form/API request is assigned by the rule: routed event naming the rule, audit row, socket events', async () => {
    const project = await freshProject();
    const agent = await onlineAgent(t.app, project);
    const rule = await createRule(t.app, project, t.manager, { ruleName: 'Nakit iade sıralı' });
    const base = await listen(t.app);
    const watcher = await connectAs(base, t.manager, project);
    sockets.push(watcher);
    const assigned = nextEvent(watcher, SOCKET_EVENTS.requestAssigned);

    const res = await call(t.app, 'POST', requestsUrl(project), operator, newRequest());
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ status: 'assigned', agentId: agent.id });
    expect((await assigned).agentId).toBe(agent.id);

    const events = await eventsOf(t.app, created.id);
    expect(events.map((e) => e.type)).toEqual(['created', 'routed']);
    expect(events[1]).toMatchObject({ fromStatus: 'queued', toStatus: 'assigned', actorName: 'Otomatik Atama', reason: 'Kural: Nakit iade sıralı' });
    expect(events[1]!.details).toMatchObject({ ruleId: rule.id, agentId: agent.id, strategy: 'round_robin' });
    const audit = await lastAudit(t.app, 'ROUTE_BONUS_REQUEST');
    expect(audit).toMatchObject({ resourceId: String(created.id), projectId: project });

    const stats = (await call(t.app, 'GET', `/api/projects/${project}/routing-rules/stats`, t.manager)).json().data.items[0];
    expect(stats).toMatchObject({ ruleId: rule.id, matchesToday: 1, matches7d: 1, assignmentsToday: 1, assignmentsTotal: 1 });
    expect(stats.lastMatchedAt).not.toBeNull();
  });

  it('a completion waiting for approval is never routed: the agent who comes free gets the waiting one, not it', async () => {
    const project = await freshProject();
    await createRule(t.app, project, t.manager, { targetStrategy: 'load_based' });
    const [pending] = await t.app.ctx.database.db
      .insert(bonusRequests)
      .values({ projectId: project, status: 'pending_approval', bonusType: 'cashback', amount: '9000', customerId: 'C-FE', approvalRequestedByUserId: t.members.operator.id, approvalRequestedAt: new Date(), externalId: `FE-${project}` })
      .returning();
    const waiting = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest())).json().data;
    expect(waiting.status).toBe('queued');
    // An agent comes online: routing hands out what waits (and is asked again, to be sure).
    const agent = await onlineAgent(t.app, project);
    await handOutTo(t.app.ctx, project, [agent.id]);
    expect(await requestRow(t.app, waiting.id)).toMatchObject({ status: 'assigned', assignedUserId: agent.id });
    expect(await requestRow(t.app, pending!.id)).toMatchObject({ status: 'pending_approval', assignedUserId: null });
  });

  it('no eligible agent: the request waits, the match is counted, nobody offline/away/busy/full/inactive is chosen', async () => {
    const project = await freshProject();
    const offline = await onlineAgent(t.app, project, { online: false });
    const away = await onlineAgent(t.app, project);
    await t.app.ctx.database.db.execute((await import('drizzle-orm')).sql`update users set manual_status = 'away' where id = ${away.id}`);
    const full = await onlineAgent(t.app, project, { maxLoad: 1 });
    const points = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest({ bonusType: 'points' }))).json().data;
    expect((await call(t.app, 'POST', `${requestsUrl(project)}/${points.id}/assign`, t.manager, { agentId: full.id })).statusCode).toBe(200);
    const inactive = await onlineAgent(t.app, project);
    await t.app.ctx.database.db.execute((await import('drizzle-orm')).sql`update project_members set agent_active = false where user_id = ${inactive.id}`);
    const rule = await createRule(t.app, project, t.manager, { targetStrategy: 'load_based' });

    const res = await call(t.app, 'POST', requestsUrl(project), operator, newRequest());
    // In a project that routes, a request no rule assigns waits as 'queued' (where nothing routes it stays 'new').
    expect(res.json().data).toMatchObject({ status: 'queued', agentId: null });
    expect((await eventsOf(t.app, res.json().data.id)).map((e) => e.type)).toEqual(['created']);
    const stats = (await call(t.app, 'GET', `/api/projects/${project}/routing-rules/stats`, t.manager)).json().data.items;
    expect(stats.find((s: { ruleId: number }) => s.ruleId === rule.id)).toMatchObject({ matchesToday: 1, assignmentsToday: 0 });
    void offline;
  });

  it('a bridge sync batch is routed as a batch: each waiting row assigned, least loaded first', async () => {
    const project = await freshProject();
    const agents = [await onlineAgent(t.app, project), await onlineAgent(t.app, project), await onlineAgent(t.app, project)];
    await createRule(t.app, project, t.manager, { ruleName: 'Senkron yük bazlı', targetStrategy: 'load_based', conditions: [{ conditionType: 'priority_threshold', operator: 'gte', value: 1 }] });
    const now = t.app.ctx.clock.now();
    const items = Array.from({ length: 7 }, (_, i) => ({
      externalId: `SYNC-${project}-${i}`,
      customerId: `C${i}`,
      customerUsername: null,
      customerName: null,
      bonusType: 'cashback' as const,
      customerSegment: i === 0 ? ('vip' as const) : null,
      amount: '100.00',
      description: null,
      priority: 5,
      status: { initial: i === 6 ? ('completed' as const) : ('new' as const), closedAs: null },
      createdAt: now,
      externalUpdatedAt: now,
    }));
    const { created, publish } = await t.app.ctx.database.db.transaction((tx) => importRequestBatch(tx, t.app.ctx, { projectId: project, items }));
    publish();
    expect(created).toHaveLength(7);
    const counts = await loads(t.app, project);
    expect(agents.map((a) => counts[a.id])).toEqual([2, 2, 2]);
    const vip = created.find((c) => c.externalId === `SYNC-${project}-0`)!;
    expect((await requestRow(t.app, vip.id)).customerSegment).toBe('vip');
    const closed = created.find((c) => c.externalId === `SYNC-${project}-6`)!;
    expect((await requestRow(t.app, closed.id)).status).toBe('completed');
  });
});

describe('routing a sync batch with a row that already exists', () => {
  it('routes each new row by its own fields: a skipped row in the middle moves nobody else', async () => {
    const project = await freshProject();
    const agent = await onlineAgent(t.app, project);
    await createRule(t.app, project, t.manager, {
      ruleName: 'Yalnız puan',
      targetStrategy: 'user',
      targetUserId: agent.id,
      conditions: [{ conditionType: 'bonus_type', operator: 'in', values: ['points'] }],
    });
    const now = t.app.ctx.clock.now();
    const item = (i: number, bonusType: 'cashback' | 'points') => ({
      externalId: `MID-${project}-${i}`,
      customerId: `M${i}`,
      customerUsername: null,
      customerName: null,
      bonusType,
      customerSegment: null,
      amount: '50.00',
      description: null,
      priority: 5,
      status: { initial: 'new' as const, closedAs: null },
      createdAt: now,
      externalUpdatedAt: now,
    });
    const write = (items: ReturnType<typeof item>[]) =>
      t.app.ctx.database.db.transaction((tx) => importRequestBatch(tx, t.app.ctx, { projectId: project, items })).then((r) => (r.publish(), r.created));
    await write([item(1, 'cashback')]);
    // Row 1 exists (skipped by the insert, its points not this one's); row 0 is points, row 2 cashback: only row 0 is the agent's.
    const created = await write([item(0, 'points'), item(1, 'points'), item(2, 'cashback')]);
    expect(created.map((c) => c.externalId)).toEqual([`MID-${project}-0`, `MID-${project}-2`]);
    const [first, third] = await Promise.all(created.map((c) => requestRow(t.app, c.id)));
    expect([first!.status, first!.assignedUserId]).toEqual(['assigned', agent.id]);
    expect([third!.status, third!.assignedUserId]).toEqual(['queued', null]);
  });
});

describe('a routed batch past the bulk threshold', () => {
  it('is announced as one summary, and the loads of the agents it was routed to as changed', async () => {
    const project = await freshProject();
    const agent = await onlineAgent(t.app, project, { maxLoad: 4 });
    await createRule(t.app, project, t.manager, { ruleName: 'Toplu', targetStrategy: 'user', targetUserId: agent.id });
    const now = t.app.ctx.clock.now();
    const items = Array.from({ length: BULK_EVENT_THRESHOLD + 5 }, (_, i) => ({
      externalId: `BULK-${project}-${i}`,
      customerId: `B${i}`,
      customerUsername: null,
      customerName: null,
      bonusType: 'cashback' as const,
      customerSegment: null,
      amount: '10.00',
      description: null,
      priority: 5,
      status: { initial: 'new' as const, closedAs: null },
      createdAt: now,
      externalUpdatedAt: now,
    }));
    const sent: { event: string; payload: unknown }[] = [];
    const refreshed: number[] = [];
    const refresh = presenceOf(t.app.ctx).refresh.bind(presenceOf(t.app.ctx));
    presenceOf(t.app.ctx).refresh = (userId, projectId) => {
      if (projectId === project) refreshed.push(userId);
      return refresh(userId, projectId);
    };
    const emit = t.app.ctx.realtime.emitToProject.bind(t.app.ctx.realtime);
    t.app.ctx.realtime.emitToProject = (projectId, event, payload) => {
      if (projectId === project) sent.push({ event, payload });
      return emit(projectId, event, payload);
    };
    try {
      const { created, publish } = await t.app.ctx.database.db.transaction((tx) => importRequestBatch(tx, t.app.ctx, { projectId: project, items }));
      publish();
      await t.app.ctx.events.settled();
      expect(created).toHaveLength(items.length);
      expect(sent.filter((s) => s.event !== SOCKET_EVENTS.agentStatusChanged)).toEqual([
        { event: SOCKET_EVENTS.requestUpdated, payload: { projectId: project, bulk: true, count: items.length + 4 } },
      ]);
      // The agent, now full (4 of 4), has their status worked out again at once, not at the next sweep.
      expect((await loads(t.app, project))[agent.id]).toBe(4);
      expect(refreshed).toEqual([agent.id]);
    } finally {
      t.app.ctx.realtime.emitToProject = emit;
      presenceOf(t.app.ctx).refresh = refresh;
    }
  });
});

/** Another instance of the server on the test's database and clock (as after a restart). */
const instance = () => siblingInstance(t);

describe('round robin', () => {
  it('continues where it stopped across an app restart (the cursor is in the database)', async () => {
    const project = await freshProject();
    const agents = [
      await onlineAgent(t.app, project, { maxLoad: 50, online: false }),
      await onlineAgent(t.app, project, { maxLoad: 50, online: false }),
      await onlineAgent(t.app, project, { maxLoad: 50, online: false }),
    ];
    const first = await instance();
    for (const a of agents) await connectOnline(first, project, a);
    const token = (await login(first, t.members.operator.username)).accessToken;
    await createRule(first, project, (await login(first, t.members.manager.username)).accessToken, { ruleName: 'Sıralı' });
    const owners: number[] = [];
    for (let i = 0; i < 2; i++) owners.push((await call(first, 'POST', requestsUrl(project), token, newRequest())).json().data.agentId);
    await first.close();

    // After a restart the agents' web apps reconnect.
    const second = await instance();
    for (const a of agents) await connectOnline(second, project, a);
    const token2 = (await login(second, t.members.operator.username)).accessToken;
    for (let i = 0; i < 4; i++) owners.push((await call(second, 'POST', requestsUrl(project), token2, newRequest())).json().data.agentId);
    await second.close();
    const ids = agents.map((a) => a.id);
    expect(owners).toEqual([ids[0], ids[1], ids[2], ids[0], ids[1], ids[2]]);
  });
});

describe('hand-out when an agent becomes eligible', () => {
  it('an agent coming online (socket connects) gets the oldest waiting requests the rules route to them, highest priority first, up to capacity', async () => {
    const project = await freshProject();
    const agent = await buildUser(t.app, { role: 'agent', projects: [project], maxLoad: 2 });
    await createRule(t.app, project, t.manager, { ruleName: 'Herkese sıralı' });
    const low = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest({ priority: 1 }))).json().data;
    const high = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest({ priority: 5 }))).json().data;
    const older = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest({ priority: 1 }))).json().data;
    const points = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest({ bonusType: 'points', priority: 5 }))).json().data;
    for (const r of [low, high, older, points]) expect(r.status).toBe('queued');

    const token = (await login(t.app, agent.username)).accessToken;
    const base = await listen(t.app);
    const watcher = await connectAs(base, t.manager, project);
    sockets.push(watcher);
    const assigned = nextEvent(watcher, SOCKET_EVENTS.requestAssigned, (r) => r.id === low.id);
    sockets.push(await connectAs(base, token, project));
    await assigned;

    const rows = await Promise.all([low, high, older, points].map((r) => requestRow(t.app, r.id)));
    expect(rows.map((r) => [r.status, r.assignedUserId])).toEqual([
      ['assigned', agent.id],
      ['assigned', agent.id],
      ['queued', null], // capacity 2: full
      ['queued', null], // no rule routes points
    ]);
    const routed = (await eventsOf(t.app, high.id)).find((e) => e.type === 'routed');
    expect(routed?.details).toMatchObject({ handOut: true, agentId: agent.id });
  });

  it('a claim by hand racing a hand-out: exactly one owner, one assignment event', async () => {
    const project = await freshProject();
    const agent = await onlineAgent(t.app, project, { online: false });
    const rival = await onlineAgent(t.app, project, { online: false });
    await createRule(t.app, project, t.manager, { targetStrategy: 'user', targetUserId: agent.id });
    const rivalToken = (await login(t.app, rival.username)).accessToken;
    for (let round = 0; round < 5; round++) {
      const request = (await call(t.app, 'POST', requestsUrl(project), operator, newRequest())).json().data;
      await setOnline(t.app, project, agent.id, true);
      const [claim] = await Promise.all([call(t.app, 'POST', `${requestsUrl(project)}/${request.id}/assign`, rivalToken), handOutTo(t.app.ctx, project, [agent.id])]);
      const row = await requestRow(t.app, request.id);
      const events = (await eventsOf(t.app, request.id)).filter((e) => e.type === 'assigned' || e.type === 'routed');
      expect(events).toHaveLength(1);
      expect(row.assignedUserId).toBe(claim.statusCode === 200 ? rival.id : agent.id);
      // Free both again for the next round.
      await call(t.app, 'POST', `${requestsUrl(project)}/${request.id}/complete`, t.manager, { confirmAmount: '250' });
      await setOnline(t.app, project, agent.id, false);
    }
  });
});

describe('claim lease', () => {
  it('an assigned request untouched past claimLeaseMinutes goes back to queued with lease_expired (timeline, audit, socket)', async () => {
    const project = await freshProject();
    await t.app.ctx.database.db.update(projectSettings).set({ claimLeaseMinutes: 30 }).where(eq(projectSettings.projectId, project));
    const agent = await onlineAgent(t.app, project);
    const agentToken = (await login(t.app, agent.username)).accessToken;
    const request = (await call(t.app, 'POST', requestsUrl(project), (await login(t.app, t.members.operator.username)).accessToken, newRequest())).json().data;
    expect((await call(t.app, 'POST', `${requestsUrl(project)}/${request.id}/assign`, agentToken)).statusCode).toBe(200);

    t.clock.advance(29 * 60_000);
    await expireClaimLeases(t.app.ctx);
    expect((await requestRow(t.app, request.id)).status).toBe('assigned');

    t.clock.advance(2 * 60_000);
    const base = await listen(t.app);
    const watcher = await connectAs(base, (await login(t.app, t.members.manager.username)).accessToken, project);
    sockets.push(watcher);
    const updated = nextEvent(watcher, SOCKET_EVENTS.requestUpdated, (r) => 'id' in r && r.id === request.id);
    expect(await expireClaimLeases(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await updated).toMatchObject({ id: request.id, status: 'queued' });
    const row = await requestRow(t.app, request.id);
    expect(row).toMatchObject({ status: 'queued', assignedUserId: null, requeueReason: 'lease_expired' });
    const last = (await eventsOf(t.app, request.id)).at(-1)!;
    expect(last).toMatchObject({ type: 'requeued', fromStatus: 'assigned', toStatus: 'queued', reason: 'lease_expired' });
    expect(await lastAudit(t.app, 'LEASE_EXPIRED')).toMatchObject({ resourceId: String(request.id), projectId: project });
  });

  it('a lease of 0 is off', async () => {
    const project = await freshProject();
    await t.app.ctx.database.db.update(projectSettings).set({ claimLeaseMinutes: 0 }).where(eq(projectSettings.projectId, project));
    const agent = await onlineAgent(t.app, project);
    const token = (await login(t.app, t.members.operator.username)).accessToken;
    const request = (await call(t.app, 'POST', requestsUrl(project), token, newRequest())).json().data;
    await call(t.app, 'POST', `${requestsUrl(project)}/${request.id}/assign`, (await login(t.app, agent.username)).accessToken);
    t.clock.advance(24 * 3600_000);
    await expireClaimLeases(t.app.ctx);
    expect((await requestRow(t.app, request.id)).status).toBe('assigned');
  });
});
