import { eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { projects } from '../db/schema';
import { conflict } from './errors';

/**
 * Refuses (409, `message`) when the project already holds `limit` of the rows `where` selects in
 * `table`. Call it inside the creating transaction: it holds the project's row until the commit,
 * so creations at the same moment count one after another and the limit holds under a burst.
 */
export async function assertProjectQuota(tx: DbOrTx, input: { projectId: number; table: PgTable; where: SQL | undefined; limit: number; message: string }): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId)).for('update');
  if ((await tx.$count(input.table, input.where)) >= input.limit) throw conflict(input.message);
}
