import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../schema';
import { alertWaitingRequests } from '../../modules/notifications';
import { keepStatistics } from '../statistics';
import { seedDemoOrganisation } from './demo-organisation';
import { seedDemoRequests } from './demo-requests';
import { seedDemoRouting } from './demo-routing';

/** Seeds the demo data once, on an empty database. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const organisation = await seedDemoOrganisation(tx);
    await seedDemoRequests(tx, organisation, ctx.clock.now());
    await seedDemoRouting(tx, organisation);
  });
  // The bell is not empty at first sight: the managers hear of requests waiting since the last
  // hours, through the same alert (and outbox) as later ones; only where a channel is available.
  await alertWaitingRequests(ctx, { freshWindowMinutes: 180, maxPerProject: 3 });
  // The seed wrote every table at once: plan the first screens with statistics that know it.
  await keepStatistics(ctx.database);
  return true;
}
