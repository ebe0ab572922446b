import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@common/enums';
import { canTransition, REQUEST_ACTIONS, type RequestAction } from '@common/request-transitions';
import { auditLogs, bonusRequestEvents, bonusRequests } from '../../db/schema';
import { bonusTestBed, insertRequest, post, requestsUrl } from './bonus-test-kit';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const EXPECTED: Record<RequestAction, { allowed: RequestStatus[]; to: RequestStatus }> = {
  assign: { allowed: ['new', 'queued'], to: 'assigned' },
  complete: { allowed: ['assigned', 'in_progress'], to: 'completed' },
  requeue: { allowed: ['assigned', 'in_progress', 'cancelled', 'error'], to: 'queued' },
  approve: { allowed: ['pending_approval'], to: 'completed' },
  reject: { allowed: ['pending_approval'], to: 'in_progress' },
};

describe('the request state machine through the API', () => {
  for (const action of REQUEST_ACTIONS) {
    for (const status of REQUEST_STATUSES) {
      const allowed = EXPECTED[action].allowed.includes(status);
      it(`${action} from ${status} is ${allowed ? `allowed (→ ${EXPECTED[action].to})` : 'refused with 409 and changes nothing'}`, async () => {
        expect(canTransition(action, status)).toBe(allowed);
        const { app } = bed;
        const manager = bed.members.manager;
        // Active and problem requests belong to the manager, so only the status decides.
        const holds = status !== 'new' && status !== 'queued';
        const row = await insertRequest(app, bed.project.id, {
          status,
          assignedUserId: holds ? manager.id : null,
          assignedAt: holds ? new Date() : null,
          externalId: `T-${action}-${status}`,
          // Waiting for approval: asked by someone else (the manager may not approve their own).
          ...(status === 'pending_approval' ? { approvalRequestedByUserId: bed.members.operator.id, approvalRequestedAt: new Date() } : {}),
        });
        const body = action === 'reject' ? { reason: 'Tutar yanlış' } : {};
        const res = await post(app, `${requestsUrl(bed.project.id)}/${row.id}/${action}`, bed.tokens.manager, body);
        const [after] = await app.ctx.database.db.select().from(bonusRequests).where(eq(bonusRequests.id, row.id));
        const events = await app.ctx.database.db.select().from(bonusRequestEvents).where(eq(bonusRequestEvents.requestId, row.id));
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(after!.status).toBe(EXPECTED[action].to);
          expect(after!.version).toBe(row.version + 1);
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({ fromStatus: status, toStatus: EXPECTED[action].to, actorUserId: manager.id });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          const message: string = res.json().message;
          // Names the current status (or who holds the request, for a claim of an active one).
          if (action === 'assign' && (status === 'assigned' || status === 'in_progress')) {
            expect(message).toBe(`Bu talep zaten ${manager.fullName} tarafından alınmış`);
          } else {
            expect(message).toContain(REQUEST_STATUS_LABELS[status]);
          }
          expect(after).toEqual(row);
          expect(events).toHaveLength(0);
        }
      });
    }
  }

  it('writes one audit row per change, in the same transaction', async () => {
    const { app } = bed;
    const row = await insertRequest(app, bed.project.id, { status: 'queued' });
    const url = `${requestsUrl(bed.project.id)}/${row.id}`;
    const first = await post(app, `${url}/assign`, bed.tokens.operator);
    expect(first.statusCode, first.body).toBe(200);
    expect((await post(app, `${url}/requeue`, bed.tokens.operator, { reason: 'müşteri bekliyor' })).statusCode).toBe(200);
    expect((await post(app, `${url}/assign`, bed.tokens.operator)).statusCode).toBe(200);
    expect((await post(app, `${url}/complete`, bed.tokens.operator, { notes: 'Ödendi' })).statusCode).toBe(200);
    const audits = await app.ctx.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, String(row.id)));
    expect(audits.filter((a) => a.resource === 'bonus_request').map((a) => a.action)).toEqual([
      'ASSIGN_BONUS_REQUEST',
      'REQUEUE_BONUS_REQUEST',
      'ASSIGN_BONUS_REQUEST',
      'COMPLETE_BONUS_REQUEST',
    ]);
    const [done] = await app.ctx.database.db.select().from(bonusRequests).where(eq(bonusRequests.id, row.id));
    expect(done).toMatchObject({ status: 'completed', completedByUserId: bed.members.operator.id, completionNotes: 'Ödendi', requeueReason: 'müşteri bekliyor' });
  });
});
