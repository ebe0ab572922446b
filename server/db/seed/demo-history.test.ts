import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { startDemoExternalSystem, type DemoExternalSystem } from '../../modules/bridge-sync/demo/demo-external-system';
import { recordDemoSyncHistory } from '../../modules/bridge-sync';
import { seedDemo } from './seed-demo';

/** A fresh demo is not dead: sync history, an audit log that tells the seeded requests' story, notifications. */
let t: TestApp;
let demo: DemoExternalSystem | undefined;
const q = <T>(text: string) => t.app.ctx.database.query<T>(text);
beforeAll(async () => {
  // The demo inbox as `npm start` has it in demo mode (tests turn it off by default).
  t = await createTestApp({ DEMO_INBOX: 'true' });
  // As `npm start` does it: the seed, then (once listening) its history.
  const history = await seedDemo(t.app.ctx);
  expect(history).not.toBeNull();
  await history!.write();
  demo = await startDemoExternalSystem(t.app.ctx, { inMemory: true, feedEveryMs: 3_600_000 });
  expect(await recordDemoSyncHistory(t.app.ctx, demo)).toBe(9);
}, 180_000);
afterAll(async () => {
  await demo?.stop();
  await t?.close();
});

describe('a fresh demo', () => {
  it('has a sync history per project, made by real runs against the bundled demo systems', async () => {
    const logs = await q<{ code: string; sync_type: string; status: string; rows_read: number; rows_written: number }>(
      `select p.code, l.sync_type, l.status, l.rows_read, l.rows_written from sync_logs l join projects p on p.id = l.project_id order by p.code, l.id`,
    );
    for (const code of ['GOLD', 'YILDIZ', 'KRAL']) {
      const own = logs.filter((l) => l.code === code);
      expect(own.map((l) => [l.sync_type, l.status])).toEqual([
        ['personnel', 'success'],
        ['bonus', 'success'],
        ['bonus', 'success'],
      ]);
      // The first import brings the system's 80 requests, the second only what arrived since.
      expect(own[1]).toMatchObject({ rows_read: 80, rows_written: 80 });
      expect(own[2]!.rows_written).toBeGreaterThanOrEqual(1);
    }
    const [imported] = await q<{ n: number }>(`select count(*)::int n from bonus_requests where external_id like '%-EXT-%'`);
    expect(imported!.n).toBeGreaterThan(240);
    const [audited] = await q<{ n: number }>(`select count(*)::int n from audit_logs where action in ('SYNC_STARTED', 'SYNC_FINISHED')`);
    expect(audited!.n).toBe(18);
  });

  it('has a completion audit row for every completed seeded request, by its completer, at its completion time', async () => {
    const [row] = await q<{ completed: number; missing: number }>(`
      select count(*)::int completed, count(*) filter (where not exists (
        select 1 from audit_logs a where a.action = 'COMPLETE_BONUS_REQUEST' and a.resource_id = r.id::text and a.project_id = r.project_id
          and a.user_id = r.completed_by_user_id and a.timestamp = r.completed_at
          and (a.details->>'assignee')::int = r.assigned_user_id))::int missing
      from bonus_requests r where r.status = 'completed' and r.external_id not like '%-EXT-%'`);
    expect(row!.completed).toBeGreaterThan(5_000);
    expect(row!.missing).toBe(0);
  });

  it('has an assignment row for every request in hand, naming its assignee at its assignment time, and no row after a request’s last move', async () => {
    const [row] = await q<{ held: number; missing: number }>(`
      select count(*)::int held, count(*) filter (where not exists (
        select 1 from audit_logs a where a.action = 'ASSIGN_BONUS_REQUEST' and a.resource_id = r.id::text
          and (a.details->>'agentId')::int = r.assigned_user_id and a.timestamp = r.assigned_at))::int missing
      from bonus_requests r where r.status in ('assigned', 'in_progress') and r.external_id not like '%-EXT-%'`);
    expect(row!.held).toBeGreaterThan(0);
    expect(row!.missing).toBe(0);
    const [late] = await q<{ n: number }>(`
      select count(*)::int n from audit_logs a join bonus_requests r on a.resource = 'bonus_request' and a.resource_id = r.id::text
      where a.timestamp > r.updated_at`);
    expect(late!.n).toBe(0);
    const [requeues] = await q<{ n: number }>(`
      select count(*)::int n from bonus_request_events e where e.type = 'requeued' and not exists (
        select 1 from audit_logs a where a.action = 'REQUEUE_BONUS_REQUEST' and a.resource_id = e.request_id::text and a.timestamp = e.created_at and a.user_id = e.actor_user_id)`);
    expect(requeues!.n).toBe(0);
  });

  it('has a few notifications for the demo projects’ managers, through the waiting-request alert', async () => {
    const rows = await q<{ code: string; n: number }>(
      `select p.code, count(*)::int n from notifications n join projects p on p.id = n.project_id where n.event = 'request_waiting' group by p.code order by p.code`,
    );
    expect(rows.map((r) => r.code)).toEqual(['GOLD', 'KRAL', 'YILDIZ']);
    expect(rows.every((r) => r.n >= 1 && r.n <= 12)).toBe(true);
    const [outsiders] = await q<{ n: number }>(
      `select count(*)::int n from notifications n join users u on u.id = n.recipient_user_id where u.role not in ('admin', 'manager')`,
    );
    expect(outsiders!.n).toBe(0);
  });
});
