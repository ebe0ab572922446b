import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { afterCommit } from './after-commit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('afterCommit', () => {
  it('runs an effect registered inside a transaction only once it has committed', async () => {
    const seen: string[] = [];
    await t.app.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(() => seen.push('effect'));
      seen.push('end of callback');
    });
    expect(seen).toEqual(['end of callback', 'effect']);
  });

  it('drops the effects of a rolled-back transaction', async () => {
    const seen: string[] = [];
    await expect(
      t.app.ctx.database.db.transaction(async () => {
        afterCommit(() => seen.push('effect'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('runs at once outside a transaction', () => {
    const seen: string[] = [];
    afterCommit(() => seen.push('outside'));
    expect(seen).toEqual(['outside']);
  });
});
