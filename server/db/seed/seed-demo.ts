import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../schema';
import { seedDemoOrganisation } from './demo-organisation';

/** Seeds the demo data once, on an empty database. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await seedDemoOrganisation(tx);
  });
  return true;
}
