import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETED_ORDER } from '@common/schemas/bonus';
import { bonusRequests } from '../../db/schema';
import { requestOrder } from './list-requests';
import { agentsOwnProject, bonusTestBed, insertRequest, insertRequests, listAsAgent, post, requestsUrl } from './bonus-test-kit';

/** The board's 'Tamamlanan' column asks for its pages like this (web/features/dashboard board-columns). */
const COLUMN = `status=completed&sortBy=${COMPLETED_ORDER.sortBy}&sortOrder=${COMPLETED_ORDER.sortOrder}&limit=20`;

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
let projectId: number;
const minutesAgo = (n: number) => new Date(bed.clock.now().getTime() - n * 60_000);

beforeAll(async () => {
  bed = await bonusTestBed();
  projectId = await agentsOwnProject(bed);
  // 30 completed requests created in the last hour, in the order of creation; completed in the opposite order
  // (DONE-28 last), DONE-29 in the same minute as DONE-0.
  await insertRequests(bed.app, projectId, Array.from({ length: 30 }, (_, i) => ({
    externalId: `DONE-${i}`, status: 'completed' as const, createdAt: minutesAgo(60 - i), completedAt: minutesAgo(i === 29 ? 30 : 30 - i),
  })));
});
afterAll(async () => {
  await bed?.close();
});

describe('completed work in completion order', () => {
  it('a request created long ago and just completed is first in the completed column, and the pages follow the same order', async () => {
    const old = await insertRequest(bed.app, projectId, { externalId: 'OLD-1', createdAt: minutesAgo(60 * 24 * 60) });
    const url = `${requestsUrl(projectId)}/${old.id}`;
    expect((await post(bed.app, `${url}/assign`, bed.tokens.agent)).statusCode).toBe(200);
    bed.clock.advance(60_000);
    expect((await post(bed.app, `${url}/complete`, bed.tokens.agent, { notes: 'Ödendi' })).statusCode).toBe(200);

    const first = await listAsAgent(bed, projectId, `${COLUMN}&page=1`);
    expect(first.total).toBe(31);
    expect(first.items[0]!.externalId).toBe('OLD-1');
    // Then newest completion first; DONE-0 and DONE-29 were completed at the same instant: the higher id first.
    const second = await listAsAgent(bed, projectId, `${COLUMN}&page=2`);
    const all = [...first.items, ...second.items].map((r) => r.externalId);
    expect(all).toEqual(['OLD-1', ...Array.from({ length: 28 }, (_, i) => `DONE-${28 - i}`), 'DONE-29', 'DONE-0']);
    expect(new Set(all).size).toBe(31);
  });

  it("the column's order is what its index gives, with no sort of every completed request", async () => {
    // Few rows here, so the planner is told to avoid a sort: the index must give the order itself (NULLS LAST included).
    const plan = await bed.app.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      // The list's own ORDER BY for that sort, as the page statement writes it.
      const page = tx
        .select({ id: bonusRequests.id })
        .from(bonusRequests)
        .where(and(eq(bonusRequests.projectId, projectId), eq(bonusRequests.status, 'completed')))
        .orderBy(...requestOrder(COMPLETED_ORDER.sortBy, COMPLETED_ORDER.sortOrder))
        .limit(20);
      const rows = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${page}`);
      return (rows as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('bonus_requests_completed_order_idx');
    expect(plan, plan).not.toMatch(/Sort/);
  });
});
