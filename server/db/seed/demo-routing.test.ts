import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { setOnline } from '../../modules/routing/routing-test-kit';
import { simulateRouting } from '../../modules/routing/test-rules';
import { seedDemoIfEmpty } from './seed-demo';

/** The demo's routing (issue 11): meaningful rules per project, segments on the requests, skills. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.app.ctx)).toBe(true);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (((await t.app.ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows);

describe('demo routing seed', () => {
  it('gives every demo project its rules, with conditions, one of them paused', async () => {
    const counts = await rows<{ code: string; active: number; paused: number; conditions: number }>(sql`
      select p.code, count(*) filter (where r.is_active)::int as active, count(*) filter (where not r.is_active)::int as paused,
        (select count(*)::int from routing_rule_conditions c join routing_rules x on x.id = c.rule_id where x.project_id = p.id) as conditions
      from projects p join routing_rules r on r.project_id = p.id group by p.id, p.code order by p.code`);
    expect(counts.map((c) => [c.code, c.active, c.paused])).toEqual([
      ['GOLD', 4, 1],
      ['KRAL', 4, 1],
      ['YILDIZ', 4, 1],
    ]);
    expect(counts.every((c) => c.conditions >= 6)).toBe(true);
  });

  it('gives the seeded requests customer segments of every kind', async () => {
    const segments = await rows<{ segment: string }>(sql`select distinct customer_segment as segment from bonus_requests order by 1`);
    expect(segments.map((s) => s.segment)).toEqual(['high_risk', 'new', 'regular', 'vip']);
  });

  it('routes a VIP request in GOLD to the senior agent once she is online', async () => {
    const [gold] = await rows<{ id: number }>(sql`select id from projects where code = 'GOLD'`);
    const [zeynep] = await rows<{ id: number }>(sql`select id from users where username = 'agent3'`);
    const payload = { bonusType: 'points' as const, customerSegment: 'vip' as const, priority: 9, amount: '800' };
    const before = await simulateRouting(t.app.ctx, gold!.id, payload);
    expect(before.winner).toBeNull();
    expect(before.rules.find((r) => r.ruleName === 'VIP talepleri kıdemli agente')?.candidates[0]?.reasons).toContain('çevrimdışı');
    await setOnline(t.app, gold!.id, zeynep!.id, true);
    const after = await simulateRouting(t.app.ctx, gold!.id, payload);
    expect(after.winner).toMatchObject({ ruleName: 'VIP talepleri kıdemli agente', targetUser: { username: 'agent3' } });
  });
});
