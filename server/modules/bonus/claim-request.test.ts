import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import { bonusRequestEvents, bonusRequests, projectMembers } from '../../db/schema';
import { usingPostgres } from '../../db/test-database';
import { bonusTestBed, broadcastOf, get, insertRequest, post, requestsUrl, signedInMember } from './bonus-test-kit';

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

const url = (requestId: number, action = '') => `${requestsUrl(bed.project.id)}/${requestId}${action ? `/${action}` : ''}`;
const eventsOf = (requestId: number) =>
  bed.app.ctx.database.db.select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, requestId)).orderBy(bonusRequestEvents.id);
const rowOf = async (requestId: number) => (await bed.app.ctx.database.db.select().from(bonusRequests).where(eq(bonusRequests.id, requestId)))[0]!;

describe('claiming a request (POST …/assign)', () => {
  it('gives a waiting request to the caller, writes the event and tells the project room', async () => {
    const agent = await signedInMember(bed.app, bed.project.id);
    const row = await insertRequest(bed.app, bed.project.id, { status: 'queued', customerUsername: 'ayse_kaya' });
    const res = await post(bed.app, url(row.id, 'assign'), agent.token);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.enqueued).toBe(false);
    expect(data.request).toMatchObject({ id: row.id, status: 'assigned', agentId: agent.user.id, assignedUserName: agent.user.fullName });
    expect(await eventsOf(row.id)).toMatchObject([{ type: 'assigned', fromStatus: 'queued', toStatus: 'assigned', actorUserId: agent.user.id }]);
    expect(emits).toHaveBeenCalledTimes(1);
    expect(emits).toHaveBeenCalledWith(bed.project.id, SOCKET_EVENTS.requestAssigned, broadcastOf(data.request));
  });

  it('answers 409 naming who already has it', async () => {
    const first = await signedInMember(bed.app, bed.project.id);
    const second = await signedInMember(bed.app, bed.project.id);
    const row = await insertRequest(bed.app, bed.project.id);
    expect((await post(bed.app, url(row.id, 'assign'), first.token)).statusCode).toBe(200);
    const res = await post(bed.app, url(row.id, 'assign'), second.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Bu talep zaten ${first.user.fullName} tarafından alınmış`);
  });

  it('lets a manager assign to another member, and refuses it to an agent', async () => {
    const agent = await signedInMember(bed.app, bed.project.id);
    const row = await insertRequest(bed.app, bed.project.id);
    const refused = await post(bed.app, url(row.id, 'assign'), bed.tokens.agent, { agentId: agent.user.id });
    expect(refused.statusCode).toBe(403);
    expect((await rowOf(row.id)).status).toBe('new');
    const res = await post(bed.app, url(row.id, 'assign'), bed.tokens.manager, { agentId: agent.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.request.agentId).toBe(agent.user.id);
    expect(await rowOf(row.id)).toMatchObject({ assignedUserId: agent.user.id, assignedByUserId: bed.members.manager.id });
  });

  it('refuses an agentId that is not a member of the project (400 on the field)', async () => {
    const outsider = await signedInMember(bed.app, bed.foreign.id);
    const row = await insertRequest(bed.app, bed.project.id);
    const res = await post(bed.app, url(row.id, 'assign'), bed.tokens.manager, { agentId: outsider.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ agentId: 'Bu kullanıcı projenin üyesi değil' });
  });

  it('refuses a member who is set not to take requests in the project', async () => {
    const agent = await signedInMember(bed.app, bed.project.id);
    await bed.app.ctx.database.db.update(projectMembers).set({ agentActive: false }).where(eq(projectMembers.userId, agent.user.id));
    const row = await insertRequest(bed.app, bed.project.id);
    const res = await post(bed.app, url(row.id, 'assign'), agent.token);
    expect(res.statusCode).toBe(409);
    expect((await rowOf(row.id)).status).toBe('new');
  });

  it("answers 404 for another project's request, through its own project's path", async () => {
    const foreignRow = await insertRequest(bed.app, bed.foreign.id);
    for (const action of ['assign', 'complete', 'requeue']) {
      const res = await post(bed.app, url(foreignRow.id, action), bed.tokens.manager);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Talep bulunamadı');
    }
    expect((await get(bed.app, url(foreignRow.id), bed.tokens.manager)).statusCode).toBe(404);
    // And the foreign project's own path reveals nothing either.
    const direct = await post(bed.app, `${requestsUrl(bed.foreign.id)}/${foreignRow.id}/assign`, bed.tokens.manager);
    expect(direct.statusCode).toBe(404);
    expect(direct.json().message).toBe('Proje bulunamadı');
    expect((await rowOf(foreignRow.id)).status).toBe('new');
  });
});

describe('completing and re-queueing', () => {
  it("refuses an agent completing someone else's request (403) and lets a manager do it", async () => {
    const owner = await signedInMember(bed.app, bed.project.id);
    const other = await signedInMember(bed.app, bed.project.id);
    const row = await insertRequest(bed.app, bed.project.id);
    await post(bed.app, url(row.id, 'assign'), owner.token);
    const refused = await post(bed.app, url(row.id, 'complete'), other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Yalnızca talebi üzerine alan kişi veya bir yönetici tamamlayabilir');
    const onBehalf = await post(bed.app, url(row.id, 'complete'), bed.tokens.manager, { completedBy: owner.user.id });
    expect(onBehalf.statusCode).toBe(400);
    expect(onBehalf.json().errors).toEqual({ completedBy: 'Talep yalnızca oturumdaki kullanıcı adına tamamlanabilir' });
    emits.mockClear();
    const res = await post(bed.app, url(row.id, 'complete'), bed.tokens.manager, { notes: 'Hesaba yüklendi', completedBy: bed.members.manager.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'completed',
      agentId: owner.user.id,
      completedBy: bed.members.manager.id,
      completedByName: bed.members.manager.fullName,
      completionNotes: 'Hesaba yüklendi',
    });
    expect(emits).toHaveBeenCalledWith(bed.project.id, SOCKET_EVENTS.requestCompleted, broadcastOf(res.json().data));
  });

  it("lets an agent re-queue only their own request (403 on another's), and clears the assignee when an operator does", async () => {
    const agent = await signedInMember(bed.app, bed.project.id);
    const other = await signedInMember(bed.app, bed.project.id);
    const row = await insertRequest(bed.app, bed.project.id);
    await post(bed.app, url(row.id, 'assign'), agent.token);
    const refused = await post(bed.app, url(row.id, 'requeue'), other.token, { reason: 'Yanlış talep' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BONUS_MESSAGES.notYourRequeue);
    const own = await post(bed.app, url(row.id, 'requeue'), agent.token, { reason: 'Yanlış talep' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ status: 'queued', agentId: null, requeueReason: 'Yanlış talep' });
    await post(bed.app, url(row.id, 'assign'), agent.token);
    const res = await post(bed.app, url(row.id, 'requeue'), bed.tokens.operator);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'queued', agentId: null, assignedUserName: null, requeueReason: 'manual_requeue' });
    expect(emits).toHaveBeenLastCalledWith(bed.project.id, SOCKET_EVENTS.requestUpdated, broadcastOf(res.json().data));
  });
});

describe('capacity: a claim past the limit is reserved and handed over when the load drops', () => {
  it('reserves, refuses others, and hands over oldest first on complete and on re-queue', async () => {
    const agent = await signedInMember(bed.app, bed.project.id, { maxLoad: 2 });
    const other = await signedInMember(bed.app, bed.project.id);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map((i) => insertRequest(bed.app, bed.project.id, { externalId: `CAP-${i}`, status: 'queued' })));
    for (const r of [a!, b!]) expect((await post(bed.app, url(r.id, 'assign'), agent.token)).json().data.enqueued).toBe(false);

    emits.mockClear();
    const reserved = await post(bed.app, url(c!.id, 'assign'), agent.token);
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json().data.enqueued).toBe(true);
    expect(reserved.json().data.request).toMatchObject({ status: 'queued', agentId: null, reservedForUserId: agent.user.id });
    expect(emits).toHaveBeenCalledWith(bed.project.id, SOCKET_EVENTS.requestUpdated, broadcastOf(reserved.json().data.request));
    expect((await eventsOf(c!.id)).map((e) => e.type)).toEqual(['reserved']);

    // Claiming it again changes nothing; someone else cannot take it.
    expect((await post(bed.app, url(c!.id, 'assign'), agent.token)).json().data.enqueued).toBe(true);
    expect((await eventsOf(c!.id)).map((e) => e.type)).toEqual(['reserved']);
    const taken = await post(bed.app, url(c!.id, 'assign'), other.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(agent.user.fullName);

    expect((await post(bed.app, url(d!.id, 'assign'), agent.token)).json().data.enqueued).toBe(true);

    emits.mockClear();
    expect((await post(bed.app, url(a!.id, 'complete'), agent.token)).statusCode).toBe(200);
    expect(await rowOf(c!.id)).toMatchObject({ status: 'assigned', assignedUserId: agent.user.id, reservedForUserId: null });
    expect(await rowOf(d!.id)).toMatchObject({ status: 'queued', reservedForUserId: agent.user.id });
    expect((await eventsOf(c!.id)).map((e) => e.type)).toEqual(['reserved', 'handed_over']);
    expect(emits.mock.calls.map((call) => [call[1], (call[2] as { id: number }).id])).toEqual([
      [SOCKET_EVENTS.requestCompleted, a!.id],
      [SOCKET_EVENTS.requestAssigned, c!.id],
    ]);

    expect((await post(bed.app, url(b!.id, 'requeue'), bed.tokens.operator)).statusCode).toBe(200);
    expect(await rowOf(d!.id)).toMatchObject({ status: 'assigned', assignedUserId: agent.user.id, reservedForUserId: null });
  });
});

describe('simultaneous claims', () => {
  it.skipIf(!usingPostgres())(
    '50 concurrent claims of one request: exactly one wins, 49 × 409, one event, one socket event (needs TEST_DATABASE_URL: the embedded database runs one connection)',
    async () => {
      const claimants = await Promise.all(Array.from({ length: 50 }, () => signedInMember(bed.app, bed.project.id)));
      const row = await insertRequest(bed.app, bed.project.id, { status: 'queued' });
      emits.mockClear();
      const results = await Promise.all(claimants.map((c) => post(bed.app, url(row.id, 'assign'), c.token)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      const winner = claimants[codes.indexOf(200)]!;
      for (const loser of results.filter((r) => r.statusCode === 409)) {
        expect(loser.json().message).toBe(`Bu talep zaten ${winner.user.fullName} tarafından alınmış`);
      }
      expect(await eventsOf(row.id)).toHaveLength(1);
      expect(await rowOf(row.id)).toMatchObject({ status: 'assigned', assignedUserId: winner.user.id, version: row.version + 1 });
      expect(emits.mock.calls.filter((c) => c[1] === SOCKET_EVENTS.requestAssigned)).toHaveLength(1);
    },
  );
});
