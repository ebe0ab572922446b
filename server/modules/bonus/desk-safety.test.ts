import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK } from '@common/constants';
import { UNDO_MESSAGES } from '@common/request-transitions';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { auditLogs, bonusRequestEvents, projectSettings } from '../../db/schema';
import { buildProject } from '../../test/harness';
import { bonusTestBed, get, insertRequest, post, requestsUrl, signedInMember } from './bonus-test-kit';
import { createRequests } from '../intake';
import { SYSTEM_ACTOR } from './request-changes';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const url = (id: number, action = '') => `${requestsUrl(bed.project.id)}/${id}${action ? `/${action}` : ''}`;
const eventTypes = async (id: number) =>
  (await bed.app.ctx.database.db.select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, id)).orderBy(bonusRequestEvents.id)).map((e) => e.type);
const audits = (id: number, action: 'UNDO_COMPLETE_BONUS_REQUEST' | 'UNDO_REQUEUE_BONUS_REQUEST') =>
  bed.app.ctx.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, String(id))));

/** A request claimed by a fresh agent. */
async function claimed(amount = '100.00') {
  const agent = await signedInMember(bed.app, bed.project.id);
  const row = await insertRequest(bed.app, bed.project.id, { status: 'queued', amount, customerUsername: 'oyuncu' });
  expect((await post(bed.app, url(row.id, 'assign'), agent.token)).statusCode).toBe(200);
  return { agent, row };
}

describe("'Geri Al': undoing a complete or a re-queue", () => {
  it('puts a completed request back to its assignee, on the timeline and in the audit log', async () => {
    const { agent, row } = await claimed();
    const done = await post(bed.app, url(row.id, 'complete'), agent.token, { notes: 'ödendi' });
    expect(done.statusCode).toBe(200);
    const res = await post(bed.app, url(row.id, 'undo'), agent.token, { action: 'complete', version: done.json().data.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'assigned', agentId: agent.user.id, completedBy: null, completedAt: null, completionNotes: null });
    expect(await eventTypes(row.id)).toEqual(['assigned', 'completed', 'complete_undone']);
    expect(await audits(row.id, 'UNDO_COMPLETE_BONUS_REQUEST')).toHaveLength(1);
  });

  it('puts a re-queued request back to its former assignee while it still waits', async () => {
    const { agent, row } = await claimed();
    const requeued = await post(bed.app, url(row.id, 'requeue'), agent.token, { reason: 'Bilgi eksik' });
    const res = await post(bed.app, url(row.id, 'undo'), agent.token, { action: 'requeue', version: requeued.json().data.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'assigned', agentId: agent.user.id, requeueReason: null });
    expect(await eventTypes(row.id)).toEqual(['assigned', 'requeued', 'requeue_undone']);
    expect(await audits(row.id, 'UNDO_REQUEUE_BONUS_REQUEST')).toHaveLength(1);
  });

  it('is refused when someone else acted in between, and changes nothing', async () => {
    const { agent, row } = await claimed();
    const requeued = await post(bed.app, url(row.id, 'requeue'), agent.token);
    const other = await signedInMember(bed.app, bed.project.id);
    expect((await post(bed.app, url(row.id, 'assign'), other.token)).statusCode).toBe(200);
    const res = await post(bed.app, url(row.id, 'undo'), agent.token, { action: 'requeue', version: requeued.json().data.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UNDO_MESSAGES.changedSince);
    expect((await get(bed.app, url(row.id), agent.token)).json().data.request).toMatchObject({ status: 'assigned', agentId: other.user.id });
    expect(await eventTypes(row.id)).toEqual(['assigned', 'requeued', 'assigned']);
  });

  it('is refused to anyone but the one who made the move, after the window, and twice', async () => {
    const { agent, row } = await claimed();
    const version = (await post(bed.app, url(row.id, 'complete'), agent.token)).json().data.version;
    const stranger = await post(bed.app, url(row.id, 'undo'), bed.tokens.manager, { action: 'complete', version });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(UNDO_MESSAGES.notYourMove);
    expect((await post(bed.app, url(row.id, 'undo'), agent.token, { action: 'requeue', version })).statusCode).toBe(409);
    bed.clock.advance(DESK.undoWindowMs + DESK.undoServerGraceMs + 1_000);
    const late = await post(bed.app, url(row.id, 'undo'), agent.token, { action: 'complete', version });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(UNDO_MESSAGES.expired);

    const fresh = await claimed();
    const v2 = (await post(bed.app, url(fresh.row.id, 'complete'), fresh.agent.token)).json().data.version;
    const first = await post(bed.app, url(fresh.row.id, 'undo'), fresh.agent.token, { action: 'complete', version: v2 });
    expect(first.statusCode).toBe(200);
    expect((await post(bed.app, url(fresh.row.id, 'undo'), fresh.agent.token, { action: 'complete', version: v2 })).statusCode).toBe(409);
  });

  it('answers 404 for another project\'s request and 400 for a bad body', async () => {
    const foreign = await insertRequest(bed.app, bed.foreign.id, { status: 'completed' });
    expect((await post(bed.app, url(foreign.id, 'undo'), bed.tokens.agent, { action: 'complete', version: 1 })).statusCode).toBe(404);
    const res = await post(bed.app, url(foreign.id, 'undo'), bed.tokens.agent, { action: 'pay', version: '1' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['action', 'version']);
  });
});

describe('completing a large amount asks for the amount to be typed', () => {
  it('refuses without it or with another figure, and accepts the amount as typed in Turkish', async () => {
    const { agent, row } = await claimed(String(DESK.defaultCompleteConfirmAmount + 250.5));
    for (const body of [{}, { confirmAmount: String(DESK.defaultCompleteConfirmAmount) }]) {
      const res = await post(bed.app, url(row.id, 'complete'), agent.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ confirmAmount: BONUS_MESSAGES.confirmAmountMismatch });
    }
    expect(await eventTypes(row.id)).toEqual(['assigned']);
    const ok = await post(bed.app, url(row.id, 'complete'), agent.token, { confirmAmount: '10.250,50' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('needs nothing typed below the threshold', async () => {
    const { agent, row } = await claimed('9999.99');
    expect((await post(bed.app, url(row.id, 'complete'), agent.token)).statusCode).toBe(200);
  });
});

describe("'Olası tekrar': duplicate detection", () => {
  /** Imports rows as a sync batch; the created requests in creation order. */
  const created = (items: object[]) =>
    createRequests(bed.app.ctx, { projectId: bed.project.id, source: 'sync', actor: SYSTEM_ACTOR, items: items as never }).then((r) => r.created);
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  /** The ids a request's 'Olası tekrar' lists, as its detail answers them. */
  const flagOf = async (id: number) => ((await get(bed.app, url(id), bed.tokens.agent)).json().data.request.possibleDuplicates as { id: number }[]).map((d) => d.id);
  const idIn = (batch: { id: number; externalId: string | null }[], externalId: string) => batch.find((r) => r.externalId === externalId)!.id;

  it('flags requests of the same customer and bonus type within the window, each naming the other', async () => {
    const create = (body: object) => post(bed.app, requestsUrl(bed.project.id), bed.tokens.operator, { amount: '50', bonusType: 'cashback', ...body });
    const first = (await create({ customerUsername: 'Kerem77', externalId: 'KRM-1' })).json().data;
    expect(first.possibleDuplicates).toEqual([]);
    const second = (await create({ customerUsername: 'kerem77' })).json().data;
    expect(second.possibleDuplicates).toEqual([{ id: first.id, externalId: 'KRM-1' }]);
    // Another bonus type, or another customer, is not a duplicate.
    expect((await create({ customerUsername: 'kerem77', bonusType: 'points' })).json().data.possibleDuplicates).toEqual([]);
    expect((await create({ customerUsername: 'kerem78' })).json().data.possibleDuplicates).toEqual([]);
    // The flag is on every view: the list and the detail.
    const list = (await get(bed.app, `${requestsUrl(bed.project.id)}?search=kerem77`, bed.tokens.agent)).json().data.items;
    expect(list.find((r: { id: number }) => r.id === second.id).possibleDuplicates).toEqual([{ id: first.id, externalId: 'KRM-1' }]);
    expect(await flagOf(second.id)).toEqual([first.id]);
    expect(await flagOf(first.id)).toEqual([second.id]);
  });

  it('does not flag past the window (24 h by default), and matches by customer id as well', async () => {
    const now = Date.now();
    const hours = (h: number) => new Date(now - h * 3_600_000);
    const [old] = await created([{ externalId: 'W-OLD', customerId: 'C-900', bonusType: 'points', createdAt: hours(DESK.defaultDuplicateWindowHours + 3) }]);
    const [inside] = await created([{ externalId: 'W-IN', customerId: 'C-900', bonusType: 'points', createdAt: hours(1) }]);
    const [again] = await created([{ externalId: 'W-AGAIN', customerId: 'C-900', bonusType: 'points' }]);
    expect(await flagOf(old!.id)).toEqual([]);
    expect(await flagOf(inside!.id)).toEqual([again!.id]);
    expect(await flagOf(again!.id)).toEqual([inside!.id]);
  });

  it('within one sync batch: rows of the same customer name each other and the row already stored', async () => {
    const [stored] = await created([{ externalId: 'B-STORED', customerUsername: 'Batch.Eda', bonusType: 'cashback', createdAt: at(30) }]);
    const batch = await created([
      { externalId: 'B-1', customerId: 'C-77', bonusType: 'other', createdAt: at(20) },
      { externalId: 'B-2', customerUsername: 'batch.eda', bonusType: 'cashback', createdAt: at(10) },
      { externalId: 'B-3', customerId: 'C-77', bonusType: 'other', createdAt: at(5) },
      { externalId: 'B-4', customerId: 'C-77', bonusType: 'points', createdAt: at(4) },
      { externalId: 'B-5', bonusType: 'other', createdAt: at(3) },
    ]);
    const idOf = (externalId: string) => idIn(batch, externalId);
    const flags = (externalId: string) => flagOf(idOf(externalId));
    expect(await flags('B-1')).toEqual([idOf('B-3')]);
    expect(await flags('B-2')).toEqual([stored!.id]);
    expect(await flagOf(stored!.id)).toEqual([idOf('B-2')]);
    expect(await flags('B-3')).toEqual([idOf('B-1')]);
    expect(await flags('B-4')).toEqual([]);
    // No customer at all: nothing to match on.
    expect(await flags('B-5')).toEqual([]);
  });

  it('an imported row older than one already stored still pairs with it (the window reaches both ways)', async () => {
    const [stored] = await created([{ externalId: 'L-STORED', customerId: 'C-LATER', bonusType: 'points', createdAt: at(15) }]);
    const batch = await created([
      { externalId: 'L-20', customerId: 'C-LATER', bonusType: 'points', createdAt: at(20) },
      { externalId: 'L-10', customerId: 'C-LATER', bonusType: 'points', createdAt: at(10) },
    ]);
    const idOf = (externalId: string) => idIn(batch, externalId);
    expect(await flagOf(idOf('L-20'))).toEqual([stored!.id, idOf('L-10')]);
    expect(await flagOf(stored!.id)).toEqual([idOf('L-20'), idOf('L-10')]);
  });
});

describe('GET …/requests/mine: my load and my place in line', () => {
  it('shows the load against capacity and the reservations in hand-over order', async () => {
    const agent = await signedInMember(bed.app, bed.project.id, { maxLoad: 1 });
    const rows = await Promise.all([1, 2, 3].map((i) => insertRequest(bed.app, bed.project.id, { status: 'queued', externalId: `MINE-${i}` })));
    for (const r of rows) await post(bed.app, url(r.id, 'assign'), agent.token);
    const res = await get(bed.app, `${requestsUrl(bed.project.id)}/mine`, agent.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect([data.load, data.maxLoad]).toEqual([1, 1]);
    expect(data.reservations.map((r: { externalId: string; reservedForName: string }) => [r.externalId, r.reservedForName])).toEqual([
      ['MINE-2', agent.user.fullName],
      ['MINE-3', agent.user.fullName],
    ]);
  });

  it("counts a member without a capacity of their own against the project's default capacity", async () => {
    const project = await buildProject(bed.app);
    await bed.app.ctx.database.db.update(projectSettings).set({ defaultAgentCapacity: 7 }).where(eq(projectSettings.projectId, project.id));
    const agent = await signedInMember(bed.app, project.id, { maxLoad: null });
    const res = await get(bed.app, `${requestsUrl(project.id)}/mine`, agent.token);
    expect(res.statusCode).toBe(200);
    expect([res.json().data.load, res.json().data.maxLoad]).toEqual([0, 7]);
  });
});

describe('the waiting column as a queue (sortBy=queue)', () => {
  it('orders waiting work by priority, highest first, then oldest first', async () => {
    const project = await buildProject(bed.app);
    const at = (d: string) => new Date(`2026-09-${d}T10:00:00Z`);
    const rows = await Promise.all(
      [
        { externalId: 'Q-low-old', priority: 3, createdAt: at('25') },
        { externalId: 'Q-high-new', priority: 10, createdAt: at('29') },
        { externalId: 'Q-high-old', priority: 10, createdAt: at('26') },
        { externalId: 'Q-mid', priority: 6, createdAt: at('20') },
        { externalId: 'Q-done', priority: 10, createdAt: at('01'), status: 'completed' as const },
      ].map((r) => insertRequest(bed.app, project.id, { status: 'queued', ...r })),
    );
    expect(rows).toHaveLength(5);
    const res = await get(bed.app, `${requestsUrl(project.id)}?status=waiting&sortBy=queue&limit=2`, bed.tokens.super_admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((r: { externalId: string }) => r.externalId)).toEqual(['Q-high-old', 'Q-high-new']);
    const page2 = await get(bed.app, `${requestsUrl(project.id)}?status=waiting&sortBy=queue&limit=2&page=2`, bed.tokens.super_admin);
    expect(page2.json().data.items.map((r: { externalId: string }) => r.externalId)).toEqual(['Q-mid', 'Q-low-old']);
  });
});
