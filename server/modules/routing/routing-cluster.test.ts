import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../../db/client';
import { buildProject, buildUser, createTestApp, login, siblingInstance, type TestApp } from '../../test/harness';
import type { App } from '../../types';
import { call, closeSockets, connectOnline, createRule, loads, newRequest, requestsUrl } from './routing-test-kit';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Runs `task` over the items with at most `limit` in flight; answers in the items' order. */
async function inBatches<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
if (!DATABASE_URL) console.warn('routing-cluster: TEST_DATABASE_URL is not set; the two-instance round robin test (300 concurrent requests) is skipped');

/**
 * Round robin holds across instances: two servers, each with its own connection pool, on one
 * PostgreSQL; 300 requests created at once through both over 3 eligible agents end up spread
 * evenly (counts differ by at most 1), and no request is assigned twice.
 */
describe.skipIf(!DATABASE_URL)('round robin across two instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let a: TestApp;
  let b: App;
  let secondPool: Database;

  beforeAll(async () => {
    a = await createTestApp();
    const url = (a.app.ctx.database as Database & { url?: string }).url!;
    secondPool = await openPostgres(url, 20);
    b = await siblingInstance(a, { database: secondPool });
  }, 120_000);
  afterAll(async () => {
    closeSockets();
    await b?.close();
    await secondPool?.close();
    await a?.close();
  });

  it('300 concurrent requests over 3 agents: counts differ by at most 1, none assigned twice', async () => {
    const project = await buildProject(a.app);
    const manager = await buildUser(a.app, { role: 'manager', projects: [project.id] });
    const operator = await buildUser(a.app, { role: 'operator', projects: [project.id] });
    const agents = await Promise.all([0, 1, 2].map(() => buildUser(a.app, { role: 'agent', projects: [project.id], maxLoad: 100 })));
    // Each agent has a socket on both instances (without a shared Redis each instance counts its own).
    for (const agent of agents) {
      await connectOnline(a.app, project.id, agent);
      await connectOnline(b, project.id, agent);
    }
    await createRule(a.app, project.id, (await login(a.app, manager.username)).accessToken, { ruleName: 'Sıralı dağıtım' });
    const tokenA = (await login(a.app, operator.username)).accessToken;
    const tokenB = (await login(b, operator.username)).accessToken;

    // All 300 are sent at once, 150 to each instance; each instance lets 15 run at a time and
    // queues the rest itself. Handing all 150 to a 20-connection pool at once only measures the
    // pool's 5 s acquisition timeout on a loaded machine, not routing.
    const send = (app: App, token: string, indexes: number[]) => inBatches(indexes, 15, (i) => call(app, 'POST', requestsUrl(project.id), token, newRequest({ customerUsername: `oyuncu_${i}` })));
    const all = Array.from({ length: 300 }, (_, i) => i);
    const [fromA, fromB] = await Promise.all([send(a.app, tokenA, all.filter((i) => i % 2 === 0)), send(b, tokenB, all.filter((i) => i % 2 === 1))]);
    const responses = [...fromA, ...fromB];
    expect(responses.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    expect(responses.every((r) => r.json().data.status === 'assigned')).toBe(true);

    const counts = await loads(a.app, project.id);
    const perAgent = agents.map((agent) => counts[agent.id] ?? 0);
    expect(perAgent.reduce((x, y) => x + y, 0)).toBe(300);
    expect(Math.max(...perAgent) - Math.min(...perAgent)).toBeLessThanOrEqual(1);

    const twice = await a.app.ctx.database.db.execute(sql`
      select request_id from bonus_request_events where project_id = ${project.id} and type in ('routed', 'assigned')
      group by request_id having count(*) > 1`);
    expect((twice as unknown as { rows: unknown[] }).rows).toEqual([]);
  }, 180_000);
});
