import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransition } from '@common/request-transitions';
import { bonusRequests } from '../../db/schema';
import { bonusTestBed, insertRequests } from './bonus-test-kit';
import { applyTransition, applyTransitions } from './request-state-machine';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const rowsOf = (ids: number[]) => bed.app.ctx.database.db.select().from(bonusRequests).where(inArray(bonusRequests.id, ids)).orderBy(bonusRequests.id);

describe('the batch transition', () => {
  it('external_close closes an assigned request and refuses a completed one or a target the move does not allow, changing nothing', async () => {
    const db = bed.app.ctx.database.db;
    const manager = bed.members.manager;
    const [assigned, completed, waiting] = await insertRequests(bed.app, bed.project.id, [
      { status: 'assigned', assignedUserId: manager.id, assignedAt: new Date() },
      { status: 'completed', assignedUserId: manager.id, completedAt: new Date() },
      { status: 'new' },
    ]);
    const now = new Date();
    const moved = await applyTransitions(db, 'external_close', {
      projectId: bed.project.id,
      now,
      rows: [
        { id: assigned!.id, to: 'completed', set: { completedAt: now } },
        { id: completed!.id, to: 'cancelled', set: { completedAt: now } },
        // Not a closing status: the table refuses it.
        { id: waiting!.id, to: 'queued', set: { completedAt: now } },
      ],
    });
    expect(moved).toEqual([
      { id: assigned!.id, fromStatus: 'assigned', toStatus: 'completed', previousAssigneeId: manager.id, previousReservedForId: null, previousReservedAt: null },
    ]);
    const [a, c, w] = await rowsOf([assigned!.id, completed!.id, waiting!.id]);
    expect(a).toMatchObject({ status: 'completed', completedAt: now, version: assigned!.version + 1, updatedAt: now });
    expect(c).toEqual(completed);
    expect(w).toEqual(waiting);
    expect(canTransition('external_close', 'completed', 'cancelled')).toBe(false);
    expect(canTransition('external_close', 'new', 'queued')).toBe(false);
  });

  it('routes each row to its own assignee in one statement, skipping rows the guard or the status refuses', async () => {
    const db = bed.app.ctx.database.db;
    const { manager, operator } = bed.members;
    const [first, second, taken] = await insertRequests(bed.app, bed.project.id, [{ status: 'new' }, { status: 'queued' }, { status: 'in_progress', assignedUserId: manager.id }]);
    const now = new Date();
    const moved = await applyTransitions(db, 'assign', {
      projectId: bed.project.id,
      now,
      rows: [
        { id: first!.id, set: { assignedUserId: manager.id } },
        { id: second!.id, set: { assignedUserId: operator.id } },
        { id: taken!.id, set: { assignedUserId: operator.id } },
      ],
      set: { assignedAt: now },
    });
    expect(moved.map((m) => [m.id, m.fromStatus, m.toStatus])).toEqual([
      [first!.id, 'new', 'assigned'],
      [second!.id, 'queued', 'assigned'],
    ]);
    const [f, s, t] = await rowsOf([first!.id, second!.id, taken!.id]);
    expect(f).toMatchObject({ status: 'assigned', assignedUserId: manager.id, assignedAt: now });
    expect(s).toMatchObject({ status: 'assigned', assignedUserId: operator.id, assignedAt: now });
    expect(t).toEqual(taken);
  });

  it('capacity_revert takes an assignment back to the waiting status it came from, keeping the version the assignment gave', async () => {
    const db = bed.app.ctx.database.db;
    const [request] = await insertRequests(bed.app, bed.project.id, [{ status: 'queued' }]);
    const now = new Date();
    const opts = { projectId: bed.project.id, requestId: request!.id, now };
    const assigned = await applyTransition(db, 'assign', { ...opts, set: { assignedUserId: bed.members.manager.id, assignedAt: now } });
    expect(assigned).toMatchObject({ fromStatus: 'queued', toStatus: 'assigned' });
    // 'completed' is not a waiting status: refused.
    expect(await applyTransition(db, 'capacity_revert', { ...opts, to: 'completed', set: { assignedUserId: null } })).toBeUndefined();
    const reverted = await applyTransition(db, 'capacity_revert', { ...opts, to: assigned!.fromStatus, set: { assignedUserId: null, assignedAt: null } });
    expect(reverted).toMatchObject({ fromStatus: 'assigned', toStatus: 'queued', previousAssigneeId: bed.members.manager.id });
    const [after] = await rowsOf([request!.id]);
    expect(after).toMatchObject({ status: 'queued', assignedUserId: null, assignedAt: null, version: request!.version + 1 });
  });

  it('leaves a request of another project alone', async () => {
    const db = bed.app.ctx.database.db;
    const [request] = await insertRequests(bed.app, bed.project.id, [{ status: 'new' }]);
    expect(await applyTransition(db, 'assign', { projectId: bed.project.id + 1000, requestId: request!.id, now: new Date() })).toBeUndefined();
    expect((await rowsOf([request!.id]))[0]).toEqual(request);
  });
});
