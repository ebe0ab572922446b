import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusTestBed, get, post, requestsUrl } from '../bonus/bonus-test-kit';
import type { ImportedRequest } from './external-contract';
import { writeRequestBatch } from './write-request-batch';

let bed: Awaited<ReturnType<typeof bonusTestBed>>;
beforeAll(async () => {
  bed = await bonusTestBed();
});
afterAll(async () => {
  await bed?.close();
});

const minutesAgo = (m: number) => new Date(bed.clock.now().getTime() - m * 60_000);
function imported(externalId: string, values: Partial<ImportedRequest> = {}): ImportedRequest {
  return {
    externalId,
    customerId: 'SYNC-C-1',
    customerUsername: 'senkron',
    customerName: 'Senkron Müşteri',
    bonusType: 'points',
    customerSegment: null,
    amount: '120.00',
    description: null,
    priority: 3,
    status: { initial: 'new', closedAs: null },
    createdAt: minutesAgo(5),
    externalUpdatedAt: minutesAgo(5),
    ...values,
  };
}
const detail = async (externalId: string) => {
  const items = (await get(bed.app, `${requestsUrl(bed.project.id)}?search=${externalId}`, bed.tokens.agent)).json().data.items as { id: number; externalId: string; possibleDuplicates: { id: number; externalId: string }[] }[];
  return items.find((r) => r.externalId === externalId)!;
};

describe("'Olası tekrar' after a bridge sync import", () => {
  it('flags a manual request already in the queue and the imported one, each naming the other; a cancel by the source drops it', async () => {
    const manual = await post(bed.app, requestsUrl(bed.project.id), bed.tokens.operator, { externalId: 'SD-MANUAL', customerId: 'SYNC-C-1', bonusType: 'points', amount: '120' });
    expect(manual.statusCode, manual.body).toBe(201);
    await writeRequestBatch(bed.app.ctx, { projectId: bed.project.id, rows: [imported('SD-EXT-1', { createdAt: minutesAgo(30) })] });
    const fromSync = await detail('SD-EXT-1');
    const fromHand = await detail('SD-MANUAL');
    expect(fromSync.possibleDuplicates).toEqual([{ id: fromHand.id, externalId: 'SD-MANUAL' }]);
    expect(fromHand.possibleDuplicates).toEqual([{ id: fromSync.id, externalId: 'SD-EXT-1' }]);

    // The next run: the source cancelled it; it is no longer a threat to the manual one.
    await writeRequestBatch(bed.app.ctx, {
      projectId: bed.project.id,
      rows: [imported('SD-EXT-1', { createdAt: minutesAgo(30), status: { initial: 'cancelled', closedAs: 'cancelled' }, externalUpdatedAt: minutesAgo(1) })],
    });
    expect((await detail('SD-EXT-1')).possibleDuplicates).toEqual([{ id: fromHand.id, externalId: 'SD-MANUAL' }]);
    expect((await detail('SD-MANUAL')).possibleDuplicates).toEqual([]);
  });
});
