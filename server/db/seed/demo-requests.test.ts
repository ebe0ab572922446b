import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_TYPES, REQUEST_STATUSES } from '@common/enums';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_REQUEST_COUNTS } from './demo-requests';
import { seedDemoIfEmpty } from './seed-demo';

let t: TestApp;
const q = <T>(text: string) => t.app.ctx.database.query<T>(text);
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.app.ctx)).toBe(true);
});
afterAll(async () => {
  await t?.close();
});

describe('demo requests', () => {
  it('seeds a few thousand per project, in every status, bonus type and priority 1–10', async () => {
    const perProject = await q<{ n: number }>('select count(*)::int n from bonus_requests group by project_id order by project_id');
    expect(perProject.map((r) => r.n)).toEqual([...DEMO_REQUEST_COUNTS]);
    for (const p of await q<{ id: number }>('select id from projects')) {
      const statuses = await q<{ status: string }>(`select distinct status from bonus_requests where project_id = ${p.id}`);
      // Every status but a waiting approval: the demo projects set no approval threshold.
      expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(REQUEST_STATUSES.filter((s) => s !== 'pending_approval')));
      const types = await q<{ bonus_type: string }>(`select distinct bonus_type from bonus_requests where project_id = ${p.id}`);
      expect(new Set(types.map((s) => s.bonus_type))).toEqual(new Set(BONUS_TYPES));
      const priorities = await q<{ priority: number }>(`select distinct priority from bonus_requests where project_id = ${p.id} order by 1`);
      expect(priorities.map((r) => r.priority)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });

  it('spreads them over the last 60 days with Turkish names and TRY amounts', async () => {
    const [span] = await q<{ days: number; future: number }>(
      `select extract(day from now() - min(created_at))::int days, count(*) filter (where created_at > now() or updated_at > now() + interval '1 minute')::int future from bonus_requests`,
    );
    expect(span!.days).toBeGreaterThanOrEqual(55);
    expect(span!.days).toBeLessThanOrEqual(60);
    expect(span!.future).toBe(0);
    const [turkish] = await q<{ n: number }>(`select count(*)::int n from bonus_requests where customer_name ~ '[çğıöşüÇĞİÖŞÜ]'`);
    expect(turkish!.n).toBeGreaterThan(1000);
    const [money] = await q<{ min: string; max: string }>('select min(amount)::text min, max(amount)::text max from bonus_requests');
    expect(Number(money!.min)).toBeGreaterThanOrEqual(10);
    expect(Number(money!.max)).toBeLessThan(20_000);
  });

  it("assigns only to the project's members, within their capacity", async () => {
    const [outsiders] = await q<{ n: number }>(
      `select count(*)::int n from bonus_requests r where r.assigned_user_id is not null
         and not exists (select 1 from project_members m where m.project_id = r.project_id and m.user_id = r.assigned_user_id)`,
    );
    expect(outsiders!.n).toBe(0);
    const [maxActive] = await q<{ n: number }>(
      `select coalesce(max(c), 0)::int n from (select count(*) c from bonus_requests r join users u on u.id = r.assigned_user_id
         where r.status in ('assigned','in_progress') group by r.project_id, r.assigned_user_id) x`,
    );
    expect(maxActive!.n).toBeLessThan(5);
  });

  it('gives each request a timeline that ends in its status, and keeps the status counts exact', async () => {
    const [mismatch] = await q<{ n: number }>(
      `select count(*)::int n from bonus_requests r
         join (select distinct on (request_id) request_id, to_status from bonus_request_events order by request_id, created_at desc, id desc) last
           on last.request_id = r.id
         where r.status <> last.to_status`,
    );
    expect(mismatch!.n).toBe(0);
    const [drift] = await q<{ n: number }>(
      `select count(*)::int n from (select project_id, status, count(*)::int n from bonus_requests group by 1, 2) a
         full join bonus_request_status_counts c using (project_id, status) where coalesce(a.n, 0) <> coalesce(c.n, 0)`,
    );
    expect(drift!.n).toBe(0);
  });
});
