import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestStatus } from '@common/enums';
import { agentsOwnProject, bonusTestBed, get, requestsUrl } from './bonus-test-kit';

/**
 * Later pages in date order start at a local day's edge found from the daily roll-ups
 * (page-anchor.ts). Whatever the page size, direction, status filter or time zone, every page
 * must hold exactly the rows an OFFSET over the whole ordered list gives — including rows at
 * local midnight, rows sharing one creation time, and pages past the end.
 */
let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let projectId: number;
const ROWS = 600;
const STATUSES: RequestStatus[] = ['new', 'queued', 'assigned', 'in_progress', 'completed', 'cancelled', 'error'];

beforeAll(async () => {
  bed = await bonusTestBed();
  projectId = await agentsOwnProject(bed);
  const query = (text: string, params: unknown[] = []) => bed.app.ctx.database.query(text, params);
  await query(`update project_settings set timezone = 'America/New_York' where project_id = $1`, [projectId]);
  // Every 37 minutes over about 15 days; every tenth row shares its creation time with the next.
  await query(
    `insert into bonus_requests (project_id, external_id, status, bonus_type, created_at, updated_at)
     select $1, 'D-' || g, ($3::text[])[1 + g % 7], (array['cashback', 'points', 'other'])[1 + g % 3],
            timestamptz '2026-10-01 00:00:00-04' + ((g - g % 10 / 9) * interval '37 minutes'),
            timestamptz '2026-10-01 00:00:00-04'
       from generate_series(1, $2::int) g`,
    [projectId, ROWS, STATUSES],
  );
  // Exactly at New York's midnight (the roll-ups' day edge), and one instant before it.
  await query(
    `insert into bonus_requests (project_id, external_id, status, created_at) values
       ($1, 'EDGE-0', 'new', timestamptz '2026-10-05 00:00:00-04'), ($1, 'EDGE-1', 'new', timestamptz '2026-10-05 00:00:00-04'),
       ($1, 'EDGE-2', 'queued', timestamptz '2026-10-04 23:59:59.999999-04'), ($1, 'EDGE-3', 'completed', timestamptz '2026-10-08 00:00:00-04')`,
    [projectId],
  );
}, 120_000);
afterAll(async () => {
  await bed?.close();
});

/** The whole list in the API's order, straight from the table. */
async function expected(order: 'asc' | 'desc', statuses: RequestStatus[] | null): Promise<string[]> {
  const dir = order === 'desc' ? 'desc nulls last' : 'asc nulls first';
  const rows = await bed.app.ctx.database.query<{ external_id: string }>(
    `select external_id from bonus_requests where project_id = $1 and ($2::text[] is null or status = any($2))
      order by created_at ${dir}, id ${dir}`,
    [projectId, statuses],
  );
  return rows.map((r) => r.external_id);
}

async function page(query: string): Promise<{ ids: string[]; total: number }> {
  const res = await get(bed.app, `${requestsUrl(projectId)}?${query}`, bed.tokens.agent);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { items: { externalId: string }[]; total: number };
  return { ids: data.items.map((i) => i.externalId), total: data.total };
}

describe('GET …/requests: pages past the first in date order', () => {
  it.each([
    ['desc', null, ''],
    ['asc', null, ''],
    ['desc', ['queued'], 'queued'],
    ['asc', ['completed'], 'completed'],
    ['desc', ['new', 'queued'], 'waiting'],
  ] as ['asc' | 'desc', RequestStatus[] | null, string][])('%s, status %j: every page is the slice an offset gives', async (order, statuses, status) => {
    const all = await expected(order, statuses);
    expect(all.length).toBeGreaterThan(40);
    for (const limit of [13, 50]) {
      const pages = Math.ceil(all.length / limit);
      for (let n = 1; n <= pages + 1; n++) {
        const got = await page(`sortBy=createdAt&sortOrder=${order}&limit=${limit}&page=${n}${status ? `&status=${status}` : ''}`);
        expect(got.ids, `limit ${limit}, page ${n}`).toEqual(all.slice((n - 1) * limit, n * limit));
        expect(got.total).toBe(all.length);
      }
    }
  });

  it('fifty deep pages asked at once each hold their own slice', async () => {
    const all = await expected('desc', null);
    const pages = await Promise.all(Array.from({ length: 50 }, (_, i) => page(`limit=13&page=${2 + (i % 40)}`)));
    pages.forEach((got, i) => expect(got.ids, `page ${2 + (i % 40)}`).toEqual(all.slice((1 + (i % 40)) * 13, (2 + (i % 40)) * 13)));
  });

  it('the deepest page the API allows is empty, in both directions', async () => {
    const all = await expected('desc', null);
    for (const order of ['desc', 'asc']) {
      expect(await page(`sortBy=createdAt&sortOrder=${order}&limit=100&page=1000000`)).toEqual({ ids: [], total: all.length });
    }
  });

  it('holds after the project moves to another time zone (the roll-ups are recounted in it)', async () => {
    await bed.app.ctx.database.query(`update project_settings set timezone = 'Europe/Istanbul' where project_id = $1`, [projectId]);
    const all = await expected('desc', null);
    for (const n of [2, 7, 20, 46, 47]) {
      expect((await page(`limit=13&page=${n}`)).ids, `page ${n}`).toEqual(all.slice((n - 1) * 13, n * 13));
    }
  });

  it('holds for requests created, moved and deleted since', async () => {
    const query = (text: string, params: unknown[]) => bed.app.ctx.database.query(text, params);
    await query(`insert into bonus_requests (project_id, external_id, status, created_at) values ($1, 'LATE-1', 'new', timestamptz '2026-10-06 12:00:00+03')`, [projectId]);
    await query(`update bonus_requests set status = 'queued' where project_id = $1 and external_id in ('D-100', 'D-101', 'D-102')`, [projectId]);
    await query(`delete from bonus_requests where project_id = $1 and external_id in ('D-200', 'D-300')`, [projectId]);
    for (const [order, status, statuses] of [['desc', '', null], ['asc', 'queued', ['queued']]] as const) {
      const all = await expected(order, statuses ? [...statuses] : null);
      for (let n = 2; n <= Math.ceil(all.length / 13); n += 3) {
        const got = await page(`sortBy=createdAt&sortOrder=${order}&limit=13&page=${n}${status ? `&status=${status}` : ''}`);
        expect(got.ids, `${order} page ${n}`).toEqual(all.slice((n - 1) * 13, n * 13));
      }
    }
  });
});
