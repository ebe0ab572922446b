import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestAbilitiesSchema, type RequestAbilities } from '@common/schemas/bonus';
import { users } from '../../db/schema';
import { bonusTestBed, get, insertRequest, post, requestsUrl, signedInMember, type RequestRow } from './bonus-test-kit';

/**
 * `abilities` never lie: for each caller and each kind of request, what the list and the detail
 * say the caller may do is exactly what the API then accepts (each attempt on a fresh request).
 * The expected table pins the rules the web used to work out itself (issue 9): a claim on a
 * waiting request not held for someone else; completing by the assignee or a manager; re-queueing
 * by an operator and above, by an agent only their own request.
 */

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let other: Awaited<ReturnType<typeof signedInMember>>;
beforeAll(async () => {
  bed = await bonusTestBed();
  vi.spyOn(bed.app.ctx.realtime, 'emitToProject').mockImplementation(() => undefined);
  other = await signedInMember(bed.app, bed.project.id);
  // Claims stay claims (not capacity reservations) however many the matrix makes.
  const ids = (['agent', 'operator', 'manager'] as const).map((role) => bed.members[role].id);
  await bed.app.ctx.database.db.update(users).set({ maxLoad: 100 }).where(inArray(users.id, ids));
});
afterAll(async () => {
  await bed?.close();
});

const CALLERS = ['agent', 'operator', 'manager'] as const;
type Caller = (typeof CALLERS)[number];

/** The kinds of request, as rows for a caller (`me`) with someone else (`them`) in the project. */
const SCENARIOS: Record<string, (me: number, them: number) => Partial<RequestRow>> = {
  new: () => ({ status: 'new' }),
  waiting: () => ({ status: 'queued' }),
  'reserved for me': (me) => ({ status: 'queued', reservedForUserId: me, reservedAt: new Date() }),
  'reserved for another': (_me, them) => ({ status: 'queued', reservedForUserId: them, reservedAt: new Date() }),
  'assigned to me': (me) => ({ status: 'assigned', assignedUserId: me, assignedAt: new Date() }),
  'in progress, mine': (me) => ({ status: 'in_progress', assignedUserId: me, assignedAt: new Date() }),
  'assigned to another': (_me, them) => ({ status: 'assigned', assignedUserId: them, assignedAt: new Date() }),
  completed: (me) => ({ status: 'completed', assignedUserId: me, completedByUserId: me, completedAt: new Date() }),
  error: () => ({ status: 'error' }),
  'error, mine': (me) => ({ status: 'error', assignedUserId: me }),
  cancelled: () => ({ status: 'cancelled' }),
};
type Scenario = keyof typeof SCENARIOS;

/** claim / complete / requeue, as the letters c, t, r (absent: not allowed). */
const EXPECTED: Record<Caller, Record<Scenario, string>> = {
  agent: {
    new: 'c',
    waiting: 'c',
    'reserved for me': 'c',
    'reserved for another': '',
    'assigned to me': 'tr',
    'in progress, mine': 'tr',
    'assigned to another': '',
    completed: '',
    error: '',
    'error, mine': 'r',
    cancelled: '',
  },
  operator: {
    new: 'c',
    waiting: 'c',
    'reserved for me': 'c',
    'reserved for another': '',
    'assigned to me': 'tr',
    'in progress, mine': 'tr',
    'assigned to another': 'r',
    completed: '',
    error: 'r',
    'error, mine': 'r',
    cancelled: 'r',
  },
  manager: {
    new: 'c',
    waiting: 'c',
    'reserved for me': 'c',
    'reserved for another': '',
    'assigned to me': 'tr',
    'in progress, mine': 'tr',
    'assigned to another': 'tr',
    completed: '',
    error: 'r',
    'error, mine': 'r',
    cancelled: 'r',
  },
};

const ACTIONS = { c: { path: 'assign', key: 'canClaim' }, t: { path: 'complete', key: 'canComplete' }, r: { path: 'requeue', key: 'canRequeue' } } as const;
const url = (requestId: number, action = '') => `${requestsUrl(bed.project.id)}/${requestId}${action ? `/${action}` : ''}`;

/** The caller's abilities on a request as the list (its status's page) and the detail answer them. */
async function abilitiesSeen(token: string, requestId: number, status: string) {
  const list = await get(bed.app, `${requestsUrl(bed.project.id)}?status=${status}&limit=100`, token);
  expect(list.statusCode, list.body).toBe(200);
  const item = (list.json().data.items as { id: number; abilities: RequestAbilities }[]).find((r) => r.id === requestId);
  const detail = await get(bed.app, url(requestId), token);
  expect(detail.statusCode, detail.body).toBe(200);
  return { list: requestAbilitiesSchema.parse(item?.abilities), detail: requestAbilitiesSchema.parse(detail.json().data.request.abilities) };
}

describe('request abilities', () => {
  it.each(CALLERS)('never lie to an %s: the list and the detail say exactly what the API then accepts', async (role: Caller) => {
    const caller = bed.members[role];
    const token = bed.tokens[role];
    const succeededSomewhere = new Set<string>();
    for (const [scenario, row] of Object.entries(SCENARIOS)) {
      for (const [letter, action] of Object.entries(ACTIONS)) {
        const request = await insertRequest(bed.app, bed.project.id, { amount: '100', ...row(caller.id, other.user.id) });
        const { list, detail } = await abilitiesSeen(token, request.id, request.status);
        expect(detail, `${role} / ${scenario}: the detail says what the list says`).toEqual(list);
        const offered = (Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).filter((l) => list[ACTIONS[l].key]).join('');
        expect(offered, `${role} / ${scenario}`).toBe(EXPECTED[role][scenario]);

        const res = await post(bed.app, url(request.id, action.path), token, {});
        const succeeded = res.statusCode === 200;
        if (!succeeded) expect([403, 409], `${role} / ${scenario} / ${action.path}: ${res.body}`).toContain(res.statusCode);
        expect(list[action.key], `${role} / ${scenario}: ${action.key}, and ${action.path} answered ${res.statusCode}`).toBe(succeeded);
        if (!succeeded) continue;
        succeededSomewhere.add(letter);
        // The answer carries the caller's abilities on the request as it now is.
        const moved = action.path === 'assign' ? res.json().data.request : res.json().data;
        expect(moved.abilities, `${role} / ${scenario} / ${action.path}: the answer's abilities`).toEqual((await abilitiesSeen(token, request.id, moved.status)).detail);
      }
    }
    // Not vacuous: every action succeeded somewhere.
    expect([...succeededSomewhere].sort()).toEqual(['c', 'r', 't']);
  });

  it('differ per caller on the same page, whichever way the list is read (prepared, by page ids, searched)', async () => {
    const customerUsername = `abilities_${Date.now()}`;
    const row = await insertRequest(bed.app, bed.project.id, { status: 'assigned', assignedUserId: bed.members.agent.id, customerUsername });
    for (const query of ['status=assigned&limit=100', 'status=assigned&sortBy=updatedAt&limit=100', `search=${customerUsername}`]) {
      const answers: Record<string, RequestAbilities> = {};
      for (const role of ['agent', 'operator', 'manager', 'admin'] as const) {
        const res = await get(bed.app, `${requestsUrl(bed.project.id)}?${query}`, bed.tokens[role]);
        answers[role] = (res.json().data.items as { id: number; abilities: RequestAbilities }[]).find((r) => r.id === row.id)!.abilities;
      }
      expect(answers, query).toEqual({
        agent: { canClaim: false, canComplete: true, canRequeue: true, canApprove: false },
        operator: { canClaim: false, canComplete: false, canRequeue: true, canApprove: false },
        manager: { canClaim: false, canComplete: true, canRequeue: true, canApprove: false },
        admin: { canClaim: false, canComplete: true, canRequeue: true, canApprove: false },
      });
    }
  });

  it("come with the caller's queue and a created request, and never with a socket event", async () => {
    const emits = vi.mocked(bed.app.ctx.realtime.emitToProject);
    emits.mockClear();
    await insertRequest(bed.app, bed.project.id, { status: 'queued', reservedForUserId: bed.members.operator.id, reservedAt: new Date() });
    const mine = await get(bed.app, `${requestsUrl(bed.project.id)}/mine`, bed.tokens.operator);
    expect(mine.json().data.reservations[0].abilities).toEqual({ canClaim: true, canComplete: false, canRequeue: false, canApprove: false });
    const created = await post(bed.app, requestsUrl(bed.project.id), bed.tokens.operator, { customerUsername: 'yeni_musteri', amount: '50' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.abilities).toEqual({ canClaim: true, canComplete: false, canRequeue: false, canApprove: false });
    expect(emits).toHaveBeenCalled();
    for (const [, , payload] of emits.mock.calls) expect(payload).not.toHaveProperty('abilities');
  });
});
