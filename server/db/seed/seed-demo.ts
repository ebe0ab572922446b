import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { writeAuditHistory, type HistoricalAuditEntry } from '../../modules/audit';
import { alertWaitingRequests } from '../../modules/notifications';
import { users } from '../schema';
import { keepStatistics } from '../statistics';
import { seedDemoOrganisation } from './demo-organisation';
import { seedDemoRequests } from './demo-requests';
import { seedDemoRouting } from './demo-routing';

/** What a fresh demo still writes once the server is up. */
export interface DemoHistory {
  write(): Promise<void>;
}

/**
 * Seeds the demo data once, on an empty database, and answers the history still to write (null
 * when there was data). The seeded requests' audit rows (some 15,000) and the first notifications
 * are left to `write()`: PGlite takes about a second for them, which `npm start` spends after it
 * listens rather than before.
 */
export async function seedDemo(ctx: AppContext): Promise<DemoHistory | null> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  let audit: HistoricalAuditEntry[] = [];
  await db.transaction(async (tx) => {
    const organisation = await seedDemoOrganisation(tx);
    ({ audit } = await seedDemoRequests(tx, organisation, ctx.clock.now()));
    await seedDemoRouting(tx, organisation);
  });
  // The seed wrote every table at once: plan the first screens with statistics that know it.
  await keepStatistics(ctx.database);
  return {
    write: async () => {
      await db.transaction((tx) => writeAuditHistory(tx, audit));
      // The bell is not empty at first sight: the managers hear of requests waiting since the last
      // hours, through the same alert (and outbox) as later ones; only where a channel is available.
      await alertWaitingRequests(ctx, { freshWindowMinutes: 180, maxPerProject: 3 });
    },
  };
}

/** Seeds the demo data once, on an empty database, history included. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const history = await seedDemo(ctx);
  await history?.write();
  return history !== null;
}
