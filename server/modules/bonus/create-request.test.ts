import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import { auditLogs, bonusRequestEvents, bonusRequests } from '../../db/schema';
import { bonusTestBed, broadcastOf, get, post, requestsUrl } from './bonus-test-kit';
import { createRequests } from '../intake';
import { BULK_EVENT_THRESHOLD, SYSTEM_ACTOR } from './request-changes';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let emits: MockInstance<(projectId: number, event: string, payload: unknown) => void>;
beforeAll(async () => {
  bed = await bonusTestBed();
  emits = vi.spyOn(bed.app.ctx.realtime, 'emitToProject').mockImplementation(() => undefined);
});
beforeEach(() => emits.mockClear());
afterAll(async () => {
  await bed?.close();
});

const create = (payload: unknown, token = bed.tokens.operator) => post(bed.app, requestsUrl(bed.project.id), token, payload);
const requestCount = async () =>
  (await bed.app.ctx.database.db.select({ n: count() }).from(bonusRequests).where(eq(bonusRequests.projectId, bed.project.id)))[0]!.n;

describe('POST …/requests (manual request form)', () => {
  it('creates a new manual request with its event, audit row and socket event', async () => {
    const res = await create({ externalId: 'MAN-1', customerUsername: 'mehmet34', priority: 4, amount: '1250,50', bonusType: 'cashback' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      externalId: 'MAN-1',
      customerUsername: 'mehmet34',
      // The form's 4 is stored as 8 (× 2, docs/priority.md).
      priority: 8,
      amount: '1250.50',
      bonusType: 'cashback',
      status: 'new',
      source: 'manual',
      agentId: null,
      version: 1,
    });
    const events = await bed.app.ctx.database.db.select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, data.id));
    expect(events).toMatchObject([{ type: 'created', toStatus: 'new', actorUserId: bed.members.operator.id }]);
    const audits = await bed.app.ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'CREATE_BONUS_REQUEST'), eq(auditLogs.resourceId, String(data.id))));
    expect(audits).toHaveLength(1);
    expect(emits).toHaveBeenCalledWith(bed.project.id, SOCKET_EVENTS.requestCreated, broadcastOf(data));
  });

  it('omits empty optional values and defaults the priority to 3 (stored as 6)', async () => {
    const res = await create({ externalId: '', customerUsername: '   ', customerId: '9001', amount: '10' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ externalId: null, customerUsername: null, customerId: '9001', priority: 6, amount: '10.00', bonusType: 'other' });
  });

  it('refuses an empty form: a customer (username or id) and an amount above 0 are required, per field, writing nothing', async () => {
    const before = await requestCount();
    for (const payload of [{}, { customerUsername: '  ', amount: '0' }, { customerId: '', amount: '0,00' }]) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ customerUsername: BONUS_MESSAGES.customerRequired, amount: BONUS_MESSAGES.amountRequired });
    }
    expect((await create({ customerUsername: 'ali', amount: '-5' })).json().errors).toEqual({ amount: BONUS_MESSAGES.amountInvalid });
    expect(await requestCount()).toBe(before);
  });

  it('stores the form priority 1–5 as 2–10, so the highest is the board\'s highest', async () => {
    const stored = [];
    for (const priority of [1, 5]) stored.push((await create({ customerUsername: `pri${priority}`, amount: '5', priority })).json().data.priority);
    expect(stored).toEqual([2, 10]);
  });

  it.each([0, 6, 2.5, '3', null])('refuses priority %j with the field message', async (priority) => {
    const before = await requestCount();
    const res = await create({ priority });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.priority).toMatch(/Öncelik/);
    expect(await requestCount()).toBe(before);
  });

  it('reports every bad field at once', async () => {
    const res = await create({ priority: 9, amount: '12.345', bonusType: 'freespin', externalId: 'x'.repeat(101), customerUsername: 'ali' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      priority: BONUS_MESSAGES.priorityRange,
      amount: BONUS_MESSAGES.amountInvalid,
      bonusType: BONUS_MESSAGES.bonusTypeInvalid,
      externalId: 'En fazla 100 karakter olabilir',
    });
  });

  it('refuses fields a client may not set', async () => {
    for (const payload of [{ status: 'completed' }, { projectId: bed.foreign.id }, { assignedUserId: 1 }, { source: 'sync' }]) {
      expect((await create(payload)).statusCode).toBe(400);
    }
  });

  it('answers 409 on the field for an external id the project already has, writing nothing', async () => {
    expect((await create({ externalId: 'DUP-1', customerUsername: 'ali', amount: '5' })).statusCode).toBe(201);
    const before = await requestCount();
    const res = await create({ externalId: 'DUP-1', customerUsername: 'veli', amount: '5' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ externalId: BONUS_MESSAGES.externalIdTaken });
    expect(await requestCount()).toBe(before);
  });

  it('lets agents not create (403, before the body is even read)', async () => {
    expect((await create({ priority: 99 }, bed.tokens.agent)).statusCode).toBe(403);
  });

});

describe('POST …/requests 50 times at once', () => {
  const eventsOf = (ids: number[]) =>
    bed.app.ctx.database.db.select().from(bonusRequestEvents).where(inArray(bonusRequestEvents.requestId, ids));

  it('one external id: exactly one request with one created event, every other call a 409', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => create({ externalId: 'SAME-50', customerUsername: 'ayni', amount: '10' })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe(BONUS_MESSAGES.externalIdTaken);
    const rows = await bed.app.ctx.database.db.select().from(bonusRequests).where(and(eq(bonusRequests.projectId, bed.project.id), eq(bonusRequests.externalId, 'SAME-50')));
    expect(rows).toHaveLength(1);
    expect((await eventsOf(rows.map((r) => r.id))).map((e) => e.type)).toEqual(['created']);
  });

  it('distinct external ids: fifty requests, each with its own created event', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => create({ externalId: `MANY-${i}`, customerUsername: `cok${i}`, amount: '10' })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const ids = responses.map((r) => r.json().data.id as number);
    const events = await eventsOf(ids);
    expect(events.map((e) => e.requestId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['created']));
  });
});

describe('createRequests for imported rows (source sync)', () => {
  it('creates many rows at once, skips external ids already present, and emits one event per created row', async () => {
    const { requests, skipped } = await createRequests(bed.app.ctx, {
      projectId: bed.project.id,
      source: 'sync',
      actor: SYSTEM_ACTOR,
      items: [
        { externalId: 'SYNC-1', customerName: 'Ali Veli', amount: '500.00', priority: 9, status: 'queued' },
        { externalId: 'SYNC-2', bonusType: 'points' },
        { externalId: 'DUP-1' },
      ],
    });
    expect(skipped).toBe(1);
    expect(requests.map((r) => [r.externalId, r.source, r.status])).toEqual([
      ['SYNC-1', 'sync', 'queued'],
      ['SYNC-2', 'sync', 'new'],
    ]);
    expect(emits.mock.calls.map((c) => c[1])).toEqual([SOCKET_EVENTS.requestCreated, SOCKET_EVENTS.requestCreated]);
  });

  it('gives each created row one created event, in creation order, naming the import and its actor; a skipped row gets none', async () => {
    const { created, skipped } = await createRequests(bed.app.ctx, {
      projectId: bed.project.id,
      source: 'sync',
      actor: SYSTEM_ACTOR,
      items: [{ externalId: 'EV-1', status: 'queued' }, { externalId: 'SYNC-1' }, { customerName: 'Kimliksiz' }, { externalId: 'EV-2', status: 'completed' }],
    });
    expect(skipped).toBe(1);
    const events = await bed.app.ctx.database.db
      .select()
      .from(bonusRequestEvents)
      .where(inArray(bonusRequestEvents.requestId, created.map((r) => r.id)))
      .orderBy(bonusRequestEvents.id);
    expect(events.map((e) => [e.requestId, e.projectId, e.type, e.actorUserId, e.actorName, e.fromStatus, e.toStatus, e.reason, e.details])).toEqual(
      created.map((r) => [r.id, bed.project.id, 'created', SYSTEM_ACTOR.id, SYSTEM_ACTOR.fullName, null, r.status, null, { source: 'sync' }]),
    );
    expect(created.map((r) => r.status)).toEqual(['queued', 'new', 'completed']);
    expect(new Set(events.map((e) => e.createdAt.toISOString())).size).toBe(1);
  });

  it('a row that arrives completed is completed as of its last change at the source, in the same insert; times kept to the millisecond', async () => {
    const changedAt = new Date('2026-10-02T08:30:00.250Z');
    const createdAt = new Date('2026-10-01T21:59:59.999Z');
    const { requests } = await createRequests(bed.app.ctx, {
      projectId: bed.project.id,
      source: 'sync',
      actor: SYSTEM_ACTOR,
      items: [
        { externalId: 'DONE-1', status: 'completed', externalUpdatedAt: changedAt, createdAt },
        { externalId: 'OPEN-1', status: 'queued', externalUpdatedAt: changedAt, createdAt: new Date('1969-12-31T23:59:59.001Z') },
      ],
    });
    expect(requests.map((r) => [r.externalId, r.status, r.completedAt, r.createdAt, r.version])).toEqual([
      ['DONE-1', 'completed', changedAt.toISOString(), createdAt.toISOString(), 1],
      ['OPEN-1', 'queued', null, '1969-12-31T23:59:59.001Z', 1],
    ]);
    const stored = await bed.app.ctx.database.db.select({ at: bonusRequests.externalUpdatedAt }).from(bonusRequests).where(eq(bonusRequests.externalId, 'OPEN-1'));
    expect(stored[0]!.at!.toISOString()).toBe(changedAt.toISOString());
  });

  it('announces a large batch with one summary event instead of one per request', async () => {
    const items = Array.from({ length: BULK_EVENT_THRESHOLD + 5 }, (_, i) => ({ externalId: `BULK-${i}` }));
    const { created } = await createRequests(bed.app.ctx, { projectId: bed.project.id, source: 'sync', actor: SYSTEM_ACTOR, items });
    expect(created).toHaveLength(items.length);
    expect(emits.mock.calls).toEqual([[bed.project.id, SOCKET_EVENTS.requestUpdated, { projectId: bed.project.id, bulk: true, count: items.length }]]);
  });
});

describe('GET …/requests/:requestId (detail with timeline)', () => {
  it('shows the request and its events in order, with who and when', async () => {
    const created = (await create({ externalId: 'TL-1', customerUsername: 'zeynep', amount: '75' })).json().data;
    const url = `${requestsUrl(bed.project.id)}/${created.id}`;
    await post(bed.app, `${url}/assign`, bed.tokens.agent);
    await post(bed.app, `${url}/complete`, bed.tokens.agent, { notes: 'Tamam' });
    const res = await get(bed.app, url, bed.tokens.agent);
    expect(res.statusCode).toBe(200);
    const { request, events } = res.json().data;
    expect(request).toMatchObject({ id: created.id, status: 'completed', completedByName: bed.members.agent.fullName, completionNotes: 'Tamam' });
    expect(events.map((e: { type: string; fromStatus: string | null; toStatus: string; actorName: string }) => [e.type, e.fromStatus, e.toStatus, e.actorName])).toEqual([
      ['created', null, 'new', bed.members.operator.fullName],
      ['assigned', 'new', 'assigned', bed.members.agent.fullName],
      ['completed', 'assigned', 'completed', bed.members.agent.fullName],
    ]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(bed.app, `${requestsUrl(bed.project.id)}/999999`, bed.tokens.agent)).statusCode).toBe(404);
    expect((await get(bed.app, `${requestsUrl(bed.project.id)}/abc`, bed.tokens.agent)).statusCode).toBe(400);
  });
});
