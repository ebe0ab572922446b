import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeStaleTables, refreshTrigramShares } from '../../db/statistics';
import { agentsOwnProject, bonusTestBed, get, listAsAgent, requestsUrl } from './bonus-test-kit';
import { requestListQuery } from '@common/schemas/bonus';
import { searchPlanFor, shapeOf } from './list-requests';
import { readWalk, WALK_BUDGET, walkFinds } from './search-walk';

/**
 * A common term with one status or none, in date order, walks the date index with a budget
 * (search-walk.ts): what it finds must be exactly the substring matches, in the list's order,
 * whether the walk fills the page, sees every row of the status, or runs out of budget and leaves
 * the search to the trigram index.
 */
let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let projectId: number;
const ROWS = 3_000; // 1,500 of them 'new': more than the walk's budget

beforeAll(async () => {
  bed = await bonusTestBed();
  projectId = await agentsOwnProject(bed);
  const query = (text: string, params: unknown[] = []) => bed.app.ctx.database.query(text, params);
  // Every tenth customer is a Yılmaz, the rest are Demir; 'mehmet yılmaz' only in the three oldest rows,
  // beyond the walk's budget of the newest rows. A few rows have a rare status.
  await query(
    `insert into bonus_requests (project_id, external_id, customer_username, customer_name, status, created_at, updated_at)
     select $1, 'W-' || g, 'oyuncu' || g,
            case when g <= 3 then 'Mehmet Yılmaz' when g % 10 = 0 then 'Ayşe Yılmaz' else 'Mehmet Demir' end,
            case when g % 100 = 0 then 'error' when g % 2 = 0 then 'completed' else 'new' end,
            timestamptz '2026-10-01' + g * interval '1 minute', timestamptz '2026-10-01' + g * interval '1 minute'
       from generate_series(1, $2::int) g`,
    [projectId, ROWS],
  );
  await analyzeStaleTables(bed.app.ctx.database);
  expect(await refreshTrigramShares(bed.app.ctx.database, { force: true })).toBe(true);
}, 120_000);
afterAll(async () => {
  await bed?.close();
});

const search = async (query: string) => {
  const data = await listAsAgent(bed, projectId, query);
  return { ids: data.items.map((i) => i.externalId), total: data.total };
};

/** Every substring match over the folded text, newest first (the list's order), in the database. */
const matches = async (term: string, status?: string) =>
  (
    await bed.app.ctx.database.query<{ external_id: string }>(
      `select external_id from bonus_requests
        where project_id = $1 and strpos(search_text, translate(lower($2), 'ıçğöşüâîû', 'icgosuaiu')) > 0 and ($3::text is null or status = $3)
        order by created_at desc, id desc`,
      [projectId, term, status ?? null],
    )
  ).map((r) => r.external_id);

describe('GET …/requests?search= with a common term, in date order', () => {
  it('takes the terms here as common enough to walk the status index for', async () => {
    for (const term of ['yılmaz', 'mehmet yılmaz']) {
      const plan = await searchPlanFor(bed.app.ctx.database.db, term);
      expect(plan.rare).toBe(false);
      // Common enough to walk for a page of 20: the tests below take the walk's way first.
      expect(walkFinds(plan.share, 20)).toBe(true);
    }
  });

  it('fills a page from the walk: the newest matches of the status, in order, with a later page alike', async () => {
    const fresh = await matches('yılmaz', 'new');
    const first = await search('search=y%C4%B1lmaz&status=new&limit=20');
    expect(first.ids).toEqual(fresh.slice(0, 20));
    expect(first.total).toBe(fresh.length);
    expect((await search('search=YILMAZ&status=new&limit=20&page=3')).ids).toEqual(fresh.slice(40, 60));
  });

  it('sees every row of a status smaller than its budget and counts its matches exactly', async () => {
    const errors = await matches('yılmaz', 'error');
    expect(errors.length).toBeGreaterThan(0);
    const found = await search('search=y%C4%B1lmaz&status=error&limit=100');
    expect(found.ids).toEqual(errors);
    expect(found.total).toBe(errors.length);
  });

  it('finds matches beyond its budget through the trigram index', async () => {
    const found = await search('search=mehmet%20y%C4%B1lmaz&status=new&limit=20');
    expect(found.ids).toEqual(['W-3', 'W-1']);
    expect(found.total).toBe(2);
  });

  it.each([['new'], [undefined]])('fifty walks at once answer alike, hostile terms and another project included (status %s)', async (status) => {
    // As sent: a lone surrogate cannot be percent-encoded from a JavaScript string, so its bytes are written out.
    const terms = ['yılmaz', 'YILMAZ', '%_\\', 'y\u0131lmaz'.repeat(10)].map(encodeURIComponent).concat('%ED%A0%80y%C4%B1lmaz');
    const filter = status ? `&status=${status}` : '';
    const url = (i: number) => `${requestsUrl(i % 10 === 9 ? bed.foreign.id : projectId)}?search=${terms[i % terms.length]}${filter}&limit=20`;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => get(bed.app, url(i), bed.tokens.agent)));
    for (const [i, res] of answers.entries()) {
      if (i % 10 === 9) {
        // A project the caller is not a member of answers as one that does not exist.
        expect(res.statusCode, url(i)).toBe(404);
        continue;
      }
      expect(res.statusCode, url(i)).toBe(200);
      expect(res.json(), url(i)).toEqual(answers[i % terms.length]!.json());
    }
    expect(answers[0]!.json().data.items.map((item: { externalId: string }) => item.externalId)).toEqual((await matches('yılmaz', status)).slice(0, 20));
  });

  it('walks the date index for a first page without a status too, and leaves later pages to the planner', async () => {
    const plan = await searchPlanFor(bed.app.ctx.database.db, 'yılmaz');
    const viewer = { role: 'agent' as const };
    expect(shapeOf(requestListQuery.parse({ search: 'yılmaz' }), viewer, plan).searchWalks).toBe(true);
    expect(shapeOf(requestListQuery.parse({ search: 'yılmaz', page: '2' }), viewer, plan).searchWalks).toBe(false);
    expect(shapeOf(requestListQuery.parse({ search: 'yılmaz', status: 'new,completed' }), viewer, plan).searchWalks).toBe(false);

    const all = await matches('yılmaz');
    const first = await search('search=y%C4%B1lmaz&limit=20');
    expect(first.ids).toEqual(all.slice(0, 20));
    expect(first.total).toBe(all.length);
    expect((await search('search=y%C4%B1lmaz&limit=20&page=2')).ids).toEqual(all.slice(20, 40));
    // Beyond the walk's budget of the newest rows: the trigram index finds them.
    expect((await search('search=mehmet%20y%C4%B1lmaz&limit=20')).ids).toEqual(['W-3', 'W-2', 'W-1']);
  });
});

describe('readWalk', () => {
  it('answers a full page, with no total: the walk did not look further', () => {
    expect(readWalk({ ids: [9, 8, 7], rows: 5_000 }, 2)).toEqual({ ids: [9, 8], total: null });
  });
  it('answers every match and their number when the filter has no more rows than its budget', () => {
    expect(readWalk({ ids: [9, 8], rows: WALK_BUDGET }, 20)).toEqual({ ids: [9, 8], total: 2 });
    expect(readWalk({ ids: [], rows: 10 }, 20)).toEqual({ ids: [], total: 0 });
  });
  it('gives up when the page is not full and the filter has rows beyond its budget', () => {
    expect(readWalk({ ids: [9], rows: WALK_BUDGET + 1 }, 20)).toBeNull();
  });
});

describe('walkFinds', () => {
  it('walks when the budget should hold twice the page', () => {
    expect(walkFinds(0.05, 20)).toBe(true);
    expect(walkFinds(0.005, 20)).toBe(false);
    expect(walkFinds(0.05, 100)).toBe(false);
    expect(walkFinds(0, 20)).toBe(false);
  });
});
