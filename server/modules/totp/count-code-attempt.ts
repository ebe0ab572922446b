import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { readSystemSettings } from '../settings';

/**
 * Counts a second-step guess *before* the code is checked, in the same counter and lock as
 * wrong passwords (`maxLoginAttempts`, LOGIN_LOCK_MINUTES): one conditional statement, so
 * simultaneous guesses cannot exceed the limit. A locked account is not counted (`counted`
 * false) and its code is never checked. The guess reaching the limit sets the lock and is
 * still checked; a success clears both. `lockedUntil` is the lock this guess set (null otherwise).
 */
export async function countCodeAttempt(ctx: AppContext, userId: number): Promise<{ counted: boolean; lockedNow: boolean; lockedUntil: Date | null }> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const { maxLoginAttempts } = await readSystemSettings(db);
  const lockUntil = new Date(now.getTime() + ctx.config.LOGIN_LOCK_MINUTES * 60_000);
  // A lock that has run out starts a new window.
  const next = sql`(case when ${users.lockedUntil} <= ${now} then 1 else ${users.failedLoginCount} + 1 end)`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: next,
      lockedUntil: sql`case when ${next} >= ${maxLoginAttempts} then ${lockUntil}::timestamptz when ${users.lockedUntil} <= ${now} then null else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ lockedUntil: users.lockedUntil });
  return { counted: row !== undefined, lockedNow: row?.lockedUntil != null, lockedUntil: row?.lockedUntil ?? null };
}
