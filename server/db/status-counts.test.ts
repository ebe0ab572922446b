import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase } from './test-database';

/**
 * The project status counts (bonus_request_status_counts) are kept by statement-level triggers
 * on every write path; here they are checked against a real count after each kind of write,
 * including one UPDATE that moves a thousand requests (a routed sync batch) and one that moves
 * requests both ways at once.
 */
describe('status counts kept by the triggers', () => {
  let database: Database;
  let projects: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await database.query<{ id: number }>(
      `insert into projects (code, name, base_url, db_host, db_name, db_user)
       select 'P' || g, 'Proje ' || g, 'https://p' || g || '.example', 'h', 'd', 'u' from generate_series(1, 2) g returning id`,
    );
    projects = rows.map((r) => Number(r.id));
    for (const id of projects) await database.query(`insert into project_settings (project_id) values (${id})`);
  });
  afterAll(() => database?.close());

  const stored = async () =>
    (await database.query<{ project_id: number; status: string; n: number }>(
      `select project_id, status, n from bonus_request_status_counts where n <> 0 order by project_id, status`,
    )).map((r) => `${r.project_id}:${r.status}=${r.n}`);
  const counted = async () =>
    (await database.query<{ project_id: number; status: string; n: number }>(
      `select project_id, status, count(*)::int as n from bonus_requests group by project_id, status order by project_id, status`,
    )).map((r) => `${r.project_id}:${r.status}=${r.n}`);

  it('match a real count after inserts, a thousand-row move, a move both ways, a move between projects and deletes', async () => {
    const [a, b] = projects as [number, number];
    // A first small update in this connection: PL/pgSQL keeps the plan of its first run.
    await database.query(`insert into bonus_requests (project_id, status) values (${a}, 'new')`);
    await database.query(`update bonus_requests set status = 'queued' where project_id = ${a}`);
    await database.query(
      `insert into bonus_requests (project_id, status, bonus_type, amount)
       select case when g % 3 = 0 then ${b} else ${a} end, (array['new', 'queued', 'assigned', 'completed'])[1 + g % 4], 'cashback', g
       from generate_series(1, 4000) g`,
    );
    expect(await stored()).toEqual(await counted());

    await database.query(`update bonus_requests set status = 'assigned' where id in (select id from bonus_requests where status in ('new', 'queued') order by id limit 1000)`);
    expect(await stored()).toEqual(await counted());

    // Both ways in one statement, and rows whose status does not change.
    await database.query(
      `update bonus_requests set status = case status when 'assigned' then 'queued' when 'queued' then 'assigned' else status end,
         description = 'değişti' where id % 5 = 0`,
    );
    expect(await stored()).toEqual(await counted());

    await database.query(`update bonus_requests set project_id = ${b} where project_id = ${a} and id % 7 = 0`);
    expect(await stored()).toEqual(await counted());

    await database.query(`delete from bonus_requests where id % 11 = 0`);
    expect(await stored()).toEqual(await counted());
  });
});
