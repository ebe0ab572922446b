import { syncStartBody, type SyncStartInput } from '@common/schemas/bridge-sync';
import type { AppContext } from '../../../context';
import { claimSyncSlot, syncRunnerOf } from '../sync-runner';
import type { DemoExternalSystem } from './demo-external-system';

/**
 * The runs a fresh demo starts with: personnel, a first full import, and after the demo systems
 * received new requests, an incremental one. Each is a real scheduled job of the product's own
 * sync (claimed, run, closed, audited) against the bundled demo systems, so Bridge Sync shows
 * history and figures that are true. The projects run one after another (the embedded database
 * is one connection); `signal` stops between runs at shutdown.
 */
export async function recordDemoSyncHistory(ctx: AppContext, demo: DemoExternalSystem, signal?: AbortSignal): Promise<number> {
  const runner = syncRunnerOf(ctx);
  const db = ctx.database.db;
  const run = async (body: SyncStartInput) => {
    for (const projectId of demo.projectIds) {
      if (signal?.aborted) return;
      const row = await db.transaction((tx) => claimSyncSlot(tx, { projectId, body, trigger: 'schedule', actor: null }));
      if (!row) continue; // someone started one meanwhile: theirs is history too
      runner.launch(row);
      await runner.settled(row.id);
      runs++;
    }
  };
  let runs = 0;
  await run(syncStartBody.parse({ syncType: 'personnel' }));
  await run(syncStartBody.parse({ syncType: 'bonus' }));
  if (signal?.aborted) return runs;
  await demo.feed();
  await run(syncStartBody.parse({ syncType: 'bonus' }));
  return runs;
}
