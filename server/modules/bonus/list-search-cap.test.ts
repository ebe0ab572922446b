import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@common/schemas/bonus';
import { agentsOwnProject, bonusTestBed, listAsAgent } from './bonus-test-kit';

/** A search with more matches than SEARCH_COUNT_CAP: the total is capped, paging goes on past it. */
let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let projectId: number;
const MATCHES = SEARCH_COUNT_CAP + 30;
const OTHERS = 5;

beforeAll(async () => {
  bed = await bonusTestBed();
  projectId = await agentsOwnProject(bed);
  // Generated in the database: ten thousand rows through the API would take minutes.
  await bed.app.ctx.database.query(
    `insert into bonus_requests (project_id, external_id, customer_name, status, created_at, updated_at)
     select $1, 'CAP-' || g, case when g <= $2 then 'Ayşe Yılmaz' else 'Mehmet Kaya' end,
            case when g % 2 = 0 then 'completed' else 'new' end,
            timestamptz '2026-10-01' + g * interval '1 second', timestamptz '2026-10-01' + g * interval '1 second'
       from generate_series(1, $3::int) g`,
    [projectId, MATCHES, MATCHES + OTHERS],
  );
}, 300_000);
afterAll(async () => {
  await bed?.close();
});

const list = (query: string) => listAsAgent(bed, projectId, query);

describe('GET …/requests?search= with more matches than the cap', () => {
  it('reports the cap as a lower bound with totalCapped, and one page more than it counted', async () => {
    const data = await list('search=yilmaz&limit=20');
    expect(data).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, totalPages: SEARCH_COUNT_CAP / 20 + 1, page: 1 });
    expect(data.items).toHaveLength(20);
    expect(data.items[0]!.externalId).toBe(`CAP-${MATCHES}`);
  });

  it('keeps paging past the cap, and the total becomes exact once the last page is reached', async () => {
    const atCap = await list(`search=yilmaz&limit=20&page=${SEARCH_COUNT_CAP / 20 + 1}`);
    expect(atCap.items).toHaveLength(20);
    expect(atCap.totalCapped).toBe(true);
    expect(atCap.totalPages).toBeGreaterThan(atCap.page);

    const last = await list(`search=yilmaz&limit=20&page=${Math.ceil(MATCHES / 20)}`);
    expect(last).toMatchObject({ total: MATCHES, totalPages: Math.ceil(MATCHES / 20) });
    expect(last.totalCapped).toBeUndefined();
    expect(last.items).toHaveLength(MATCHES % 20 || 20);
    expect(last.items.at(-1)!.externalId).toBe('CAP-1');
  });

  it('a search with fewer matches than the cap, and search + status, count exactly', async () => {
    const few = await list('search=kaya');
    expect(few).toMatchObject({ total: OTHERS });
    expect(few.totalCapped).toBeUndefined();
    const withStatus = await list('search=yilmaz&status=completed');
    expect(withStatus).toMatchObject({ total: MATCHES / 2 });
    expect(withStatus.totalCapped).toBeUndefined();
  });

  it('a new matching request counts at once, even right after the same search was answered', async () => {
    expect((await list('search=kaya')).total).toBe(OTHERS);
    const { insertRequest } = await import('./bonus-test-kit');
    await insertRequest(bed.app, projectId, { customerName: 'Elif Kaya', externalId: 'CAP-NEW' });
    expect((await list('search=kaya')).total).toBe(OTHERS + 1);
    await bed.app.ctx.database.query(`delete from bonus_requests where external_id = 'CAP-NEW'`);
  });

  it('unfiltered and status totals stay exact whatever their size', async () => {
    const all = await list('limit=20');
    expect(all).toMatchObject({ total: MATCHES + OTHERS, totalPages: Math.ceil((MATCHES + OTHERS) / 20) });
    expect(all.totalCapped).toBeUndefined();
    const status = await list('status=new');
    expect(status.total).toBe(Math.ceil((MATCHES + OTHERS) / 2));
    expect(status.totalCapped).toBeUndefined();
  });
});
