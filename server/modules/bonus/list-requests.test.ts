import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestStatus } from '@common/enums';
import { envelope } from '@common/schemas/api';
import { BONUS_MESSAGES, requestAbilitiesSchema, requestListResponse, viewedRequestSchema } from '@common/schemas/bonus';
import { buildProject } from '../../test/harness';
import { agentsOwnProject, bonusTestBed, get, insertRequests, requestsUrl, type RequestRow } from './bonus-test-kit';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let projectId: number;

/** 30 known requests: status by index, one minute apart, the newest last. */
const STATUS_CYCLE: RequestStatus[] = ['new', 'queued', 'queued', 'assigned', 'in_progress', 'completed', 'completed', 'completed', 'cancelled', 'error'];
const SPECIAL: Record<number, Partial<RequestRow>> = {
  3: { customerName: 'Ayşe Çelik', customerUsername: 'ayse.celik' },
  7: { customerName: 'Mehmet Aydın', customerUsername: 'maydin' },
  12: { description: 'Hoş geldin bonusu, yüzde %10' },
  21: { customerName: 'Işıl Öztürk', customerId: 'CUST-77821' },
};
const base = Date.UTC(2026, 9, 1, 9, 0, 0);
const rows: Partial<RequestRow>[] = Array.from({ length: 30 }, (_, i) => ({
  externalId: `EXT-${String(i).padStart(3, '0')}`,
  customerId: `C${1000 + i}`,
  customerUsername: `oyuncu${i}`,
  customerName: `Müşteri ${i}`,
  description: 'Kayıp iadesi',
  status: STATUS_CYCLE[i % 10],
  priority: (i % 10) + 1,
  amount: ['9.50', '100.00', '1250.75', '20.00', '3.10'][i % 5],
  bonusType: (['cashback', 'points', 'other'] as const)[i % 3],
  createdAt: new Date(base + i * 60_000),
  updatedAt: new Date(base + i * 60_000),
  ...SPECIAL[i],
}));
const countOf = (statuses: RequestStatus[]) => rows.filter((r) => statuses.includes(r.status!)).length;

beforeAll(async () => {
  bed = await bonusTestBed();
  // A separate project, so the other tests' rows never mix in; the caller is a member.
  projectId = await agentsOwnProject(bed);
  await insertRequests(bed.app, projectId, rows);
  // Noise in a project the caller is not in.
  await insertRequests(bed.app, bed.foreign.id, [{ customerName: 'Ayşe Çelik', externalId: 'EXT-000' }]);
});
afterAll(async () => {
  await bed?.close();
});

const list = async (query = '') => {
  const res = await get(bed.app, `${requestsUrl(projectId)}${query ? `?${query}` : ''}`, bed.tokens.agent);
  return { status: res.statusCode, body: res.json() };
};

describe('GET …/requests: paging and default order', () => {
  it('returns the newest 20 first with total, page, limit and totalPages', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 30, page: 1, limit: 20, totalPages: 2 });
    expect(body.data.items).toHaveLength(20);
    expect(body.data.items[0].externalId).toBe('EXT-029');
    expect(body.data.items[19].externalId).toBe('EXT-010');
    expect(body.data.stats).toBeUndefined();
  });

  it('pages without overlap, and past the end answers an empty page', async () => {
    const second = await list('page=2');
    expect(second.body.data.items.map((r: { externalId: string }) => r.externalId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `EXT-${String(9 - i).padStart(3, '0')}`),
    );
    const beyond = await list('page=9');
    expect(beyond.body.data).toMatchObject({ items: [], total: 30, page: 9 });
  });

  it('accepts limits from 1 to 100', async () => {
    expect((await list('limit=1')).body.data).toMatchObject({ limit: 1, totalPages: 30 });
    expect((await list('limit=100')).body.data.items).toHaveLength(30);
  });

  it('answers exactly the documented response shape (the list skips runtime re-validation)', async () => {
    const { body } = await list('stats=true&limit=100');
    expect(() => envelope(requestListResponse).strict().parse(body)).not.toThrow();
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(viewedRequestSchema.shape).sort());
      expect(Object.keys(item.abilities).sort()).toEqual(Object.keys(requestAbilitiesSchema.shape).sort());
    }
  });

  it('presents every field of a request with the spec names and exact amounts', async () => {
    const { body } = await list('limit=1&sortBy=id&sortOrder=asc');
    expect(body.data.items[0]).toMatchObject({
      externalId: 'EXT-000',
      customerId: 'C1000',
      userId: 'C1000',
      customerUsername: 'oyuncu0',
      amount: '9.50',
      priority: 1,
      status: 'new',
      bonusType: 'cashback',
      agentId: null,
      source: 'manual',
    });
    // Dates are written exactly as toISOString writes them; the list and the detail present alike.
    expect(body.data.items[0].createdAt).toBe(new Date(base).toISOString());
    expect(body.data.items[0].completedAt).toBeNull();
    const detail = await get(bed.app, `${requestsUrl(projectId)}/${body.data.items[0].id}`, bed.tokens.agent);
    expect(detail.json().data.request).toEqual(body.data.items[0]);
  });

  it('answers JSON with an empty items array for an empty filter, on one (empty) page like every other list', async () => {
    const res = await get(bed.app, `${requestsUrl(projectId)}?search=yok-boyle-bir-sey&stats=true`, bed.tokens.agent);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().data).toMatchObject({ items: [], total: 0, totalPages: 1, stats: { total: 30 } });
  });
});

describe('GET …/requests: filters and search', () => {
  it.each([
    ['queued', ['queued']],
    ['waiting', ['new', 'queued']],
    ['active', ['assigned', 'in_progress']],
    ['problem', ['cancelled', 'error']],
    ['assigned,completed', ['assigned', 'completed']],
  ] as [string, RequestStatus[]][])('status=%s holds exactly %j', async (filter, statuses) => {
    const { body } = await list(`status=${filter}&limit=100`);
    expect(body.data.total).toBe(countOf(statuses));
    expect(body.data.items).toHaveLength(countOf(statuses));
    expect(new Set(body.data.items.map((r: { status: string }) => r.status))).toEqual(new Set(statuses));
  });

  it('status=all and an omitted status are the same', async () => {
    expect((await list('status=all')).body.data.total).toBe(30);
  });

  it.each([
    ['çelik', ['EXT-003']],
    ['CELIK', ['EXT-003']],
    ['aydin', ['EXT-007']],
    ['AYDIN', ['EXT-007']],
    ['ışıl', ['EXT-021']],
    ['cust-778', ['EXT-021']],
    ['ext-02', Array.from({ length: 10 }, (_, i) => `EXT-02${9 - i}`)],
    ['HOŞ GELDİN', ['EXT-012']],
    ['%', ['EXT-012']],
    ['oyuncu2', ['EXT-029', 'EXT-028', 'EXT-027', 'EXT-026', 'EXT-025', 'EXT-024', 'EXT-023', 'EXT-022', 'EXT-021', 'EXT-020', 'EXT-002']],
    ['yok-böyle-bir-şey', []],
  ])('search=%s finds %j (case- and Turkish-letter-insensitive substring)', async (search, expected) => {
    const { body } = await list(`search=${encodeURIComponent(search)}&limit=100`);
    expect(body.data.items.map((r: { externalId: string }) => r.externalId)).toEqual(expected);
    expect(body.data.total).toBe(expected.length);
  });

  it('combines search, status and paging', async () => {
    // Completed rows whose username holds 'oyuncu1': EXT-015, 016, 017 (newest first).
    const { body } = await list('search=oyuncu1&status=completed&limit=2&page=2');
    expect(body.data).toMatchObject({ total: 3, totalPages: 2, page: 2 });
    expect(body.data.items.map((r: { externalId: string }) => r.externalId)).toEqual(['EXT-015']);
  });
});

describe('GET …/requests: one assignee', () => {
  it('agentId narrows to the requests assigned to that user, with their count', async () => {
    const own = await buildProject(bed.app);
    const { projectMembers } = await import('../../db/schema');
    await bed.app.ctx.database.db.insert(projectMembers).values({ projectId: own.id, userId: bed.members.agent.id });
    const me = bed.members.agent.id;
    await insertRequests(bed.app, own.id, [
      { externalId: 'MINE-1', status: 'assigned', assignedUserId: me, createdAt: new Date(base + 2000) },
      { externalId: 'MINE-2', status: 'in_progress', assignedUserId: me, createdAt: new Date(base + 1000) },
      { externalId: 'MINE-3', status: 'completed', assignedUserId: me },
      { externalId: 'OTHER', status: 'assigned', assignedUserId: bed.members.manager.id },
    ]);
    const res = await get(bed.app, `${requestsUrl(own.id)}?agentId=${me}&status=active`, bed.tokens.agent);
    expect(res.json().data).toMatchObject({ total: 2, totalPages: 1 });
    expect(res.json().data.items.map((r: { externalId: string }) => r.externalId)).toEqual(['MINE-1', 'MINE-2']);
    expect((await list('agentId=0')).status).toBe(400);
  });
});

describe('GET …/requests: sorting', () => {
  const ids = (body: { data: { items: { externalId: string }[] } }) => body.data.items.map((r) => r.externalId);

  it('sorts amounts as numbers, not text', async () => {
    const { body } = await list('sortBy=amount&sortOrder=asc&limit=100');
    const amounts = body.data.items.map((r: { amount: string }) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBe(3.1);
  });

  it('sorts by priority descending with a stable tie-break', async () => {
    const { body } = await list('sortBy=priority&sortOrder=desc&limit=4');
    expect(ids(body)).toEqual(['EXT-029', 'EXT-019', 'EXT-009', 'EXT-028']);
  });

  it('sorts by creation time ascending', async () => {
    const { body } = await list('sortOrder=asc&limit=2');
    expect(ids(body)).toEqual(['EXT-000', 'EXT-001']);
  });
});

describe('GET …/requests: statistics', () => {
  it('stats=true adds the counts in both shapes', async () => {
    const { body } = await list('stats=true&status=completed');
    const waiting = countOf(['new', 'queued']);
    const active = countOf(['assigned', 'in_progress']);
    expect(body.data.stats).toEqual({
      total: 30,
      waiting,
      active,
      completed: countOf(['completed']),
      new: waiting,
      inProgress: active,
      problem: countOf(['cancelled', 'error']),
      approval: countOf(['pending_approval']),
    });
    expect(body.data.total).toBe(countOf(['completed']));
  });

  it('GET …/requests/stats answers the same counts', async () => {
    const res = await get(bed.app, `${requestsUrl(projectId)}/stats`, bed.tokens.agent);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 30, completed: countOf(['completed']) });
  });
});

describe('GET …/requests: bad query values answer 400 with the field, never 500', () => {
  it.each([
    ['limit=101', 'limit', BONUS_MESSAGES.limitInvalid],
    ['limit=0', 'limit', BONUS_MESSAGES.limitInvalid],
    ['limit=abc', 'limit', BONUS_MESSAGES.limitInvalid],
    ['limit=2.5', 'limit', BONUS_MESSAGES.limitInvalid],
    ['page=0', 'page', BONUS_MESSAGES.pageInvalid],
    ['page=-3', 'page', BONUS_MESSAGES.pageInvalid],
    ['page=x', 'page', BONUS_MESSAGES.pageInvalid],
    ['sortBy=password_hash', 'sortBy', BONUS_MESSAGES.sortByInvalid],
    ['sortBy=created_at;drop table users', 'sortBy', BONUS_MESSAGES.sortByInvalid],
    ['sortOrder=up', 'sortOrder', BONUS_MESSAGES.sortOrderInvalid],
    ['status=deleted', 'status', BONUS_MESSAGES.statusInvalid],
    ['stats=yes', 'stats', BONUS_MESSAGES.statsInvalid],
    [`search=${'a'.repeat(101)}`, 'search', 'En fazla 100 karakter olabilir'],
  ])('%s', async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.errors[field]).toBe(message);
  });
});
