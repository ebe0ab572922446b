import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_MESSAGES } from '@common/schemas/bonus';
import { SOCKET_EVENTS } from '@common/socket-events';
import { auditLogs, bonusRequestEvents } from '../../db/schema';
import { moveRequests } from './move-requests';
import { PendingRequestChanges, SYSTEM_ACTOR } from './request-changes';
import { bonusTestBed, get, post, requestsUrl, signedInMember } from './bonus-test-kit';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const url = (id: number, action = '') => `${requestsUrl(bed.project.id)}/${id}${action ? `/${action}` : ''}`;
let serial = 0;
/** A request made by hand through the API, as the operator's form sends it. */
async function create(customerUsername: string, body: object = {}) {
  const res = await post(bed.app, requestsUrl(bed.project.id), bed.tokens.operator, { externalId: `PD-${++serial}`, amount: '75', bonusType: 'cashback', customerUsername, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; externalId: string; possibleDuplicates: { id: number; externalId: string }[] };
}
const duplicatesOf = async (id: number) => (await get(bed.app, url(id), bed.tokens.agent)).json().data.request.possibleDuplicates;

/** Moves a request to cancelled (or error) as the project's own system would, through the one move operation. */
async function closeAs(id: number, to: 'cancelled' | 'error' | 'completed') {
  await bed.app.ctx.database.db.transaction((tx) =>
    moveRequests(tx, 'external_close', {
      projectId: bed.project.id,
      now: bed.clock.now(),
      actor: SYSTEM_ACTOR,
      rows: [{ id, to, details: { source: 'sync' } }],
      event: { type: () => 'cancelled', reason: () => 'external_status' },
      socket: () => SOCKET_EVENTS.requestUpdated,
      changes: new PendingRequestChanges(bed.project.id),
    }),
  );
}

describe("'Olası tekrar' both ways", () => {
  it('a manual create flags the older request as well as the new one, by external reference', async () => {
    const older = await create('iki.yonlu');
    const newer = await create('Iki.Yonlu');
    expect(newer.possibleDuplicates).toEqual([{ id: older.id, externalId: older.externalId }]);
    expect(await duplicatesOf(older.id)).toEqual([{ id: newer.id, externalId: newer.externalId }]);
    // The list, the hottest read, carries it too.
    const items = (await get(bed.app, `${requestsUrl(bed.project.id)}?search=iki.yonlu`, bed.tokens.agent)).json().data.items as { id: number; possibleDuplicates: unknown }[];
    expect(items.find((r) => r.id === older.id)!.possibleDuplicates).toEqual([{ id: newer.id, externalId: newer.externalId }]);
  });

  it('a cancelled or failed request drops out of the others’ lists; a completed one stays (it was paid)', async () => {
    const a = await create('kapanan');
    const b = await create('kapanan');
    const c = await create('kapanan');
    const d = await create('kapanan');
    expect((await duplicatesOf(a.id)).map((x: { id: number }) => x.id)).toEqual([b.id, c.id, d.id]);
    await closeAs(b.id, 'cancelled');
    await closeAs(c.id, 'error');
    await closeAs(d.id, 'completed');
    expect((await duplicatesOf(a.id)).map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect((await duplicatesOf(d.id)).map((x: { id: number }) => x.id)).toEqual([a.id]);
  });
});

describe("completing a flagged request: 'Tekrar olmadığını kontrol ettim'", () => {
  it('is refused without the tick (400, Turkish, field duplicateChecked), and the tick is recorded on the timeline and in the audit row', async () => {
    const first = await create('tikli');
    const second = await create('tikli');
    const agent = await signedInMember(bed.app, bed.project.id);
    expect((await post(bed.app, url(second.id, 'assign'), agent.token)).statusCode).toBe(200);

    for (const body of [{}, { duplicateChecked: false }]) {
      const refused = await post(bed.app, url(second.id, 'complete'), agent.token, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ duplicateChecked: BONUS_MESSAGES.duplicateCheckRequired });
    }
    const done = await post(bed.app, url(second.id, 'complete'), agent.token, { duplicateChecked: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');

    const [event] = await bed.app.ctx.database.db
      .select()
      .from(bonusRequestEvents)
      .where(and(eq(bonusRequestEvents.requestId, second.id), eq(bonusRequestEvents.type, 'completed')));
    expect(event!.details).toMatchObject({ duplicatesChecked: [{ id: first.id, externalId: first.externalId }] });
    const [audit] = await bed.app.ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'COMPLETE_BONUS_REQUEST'), eq(auditLogs.resourceId, String(second.id))));
    expect(audit!.details).toMatchObject({ duplicatesChecked: [{ id: first.id, externalId: first.externalId }] });
  });

  it('needs no tick for a request without duplicates, nor once its only duplicate was cancelled', async () => {
    const alone = await create('tek.basina');
    const agent = await signedInMember(bed.app, bed.project.id);
    expect((await post(bed.app, url(alone.id, 'assign'), agent.token)).statusCode).toBe(200);
    expect((await post(bed.app, url(alone.id, 'complete'), agent.token)).statusCode).toBe(200);

    const kept = await create('iptal.sonrasi');
    const cancelled = await create('iptal.sonrasi');
    await closeAs(cancelled.id, 'cancelled');
    expect((await post(bed.app, url(kept.id, 'assign'), agent.token)).statusCode).toBe(200);
    const done = await post(bed.app, url(kept.id, 'complete'), agent.token);
    expect(done.statusCode, done.body).toBe(200);
  });
});
