import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export interface ReservedAttempt {
  /** The account the name or id points at; null for an unknown name. */
  userId: number | null;
  /** Whether this attempt may check a password (false: unknown, or locked). */
  counted: boolean;
  /** This attempt used the last guess of the window: the account is locked from now on. */
  lockedNow: boolean;
  /**
   * The lock in force after this attempt (set now or earlier), or null. An unknown name has
   * one too, counted the same way, so a stranger cannot tell names that exist by their lockout.
   */
  lockedUntil: Date | null;
}

/**
 * Counts a password guess *before* the password is checked, in one statement, so that no
 * more than `maxLoginAttempts` guesses are ever checked per lock window, however many arrive
 * at once: concurrent UPDATEs of one row run one after the other, and each sees the count
 * (and the lock) its predecessor left. The guess that reaches the limit sets the lock and is
 * still checked; a success clears both (see clearLoginAttempts). Sign-in and change-password
 * share it, so wrong current passwords count toward the same lockout.
 *
 * A name no account has is counted in unknown_login_names by the same rule, in the same
 * statement (the same cost for both, login.test 'equal cost'), so it locks after as many
 * guesses and for as long. Rows whose lock has run out are pruned on the way (a few at a
 * time, skipping rows another sign-in holds): the next guess would start from 1 anyway.
 */
export async function reserveLoginAttempt(ctx: AppContext, who: { username: string } | { userId: number }): Promise<ReservedAttempt> {
  const now = ctx.clock.now();
  const lockedUntil = new Date(now.getTime() + ctx.config.LOGIN_LOCK_MINUTES * 60_000);
  const username = 'username' in who ? who.username : null;
  const userId = 'userId' in who ? who.userId : null;
  const [row] = await ctx.database.query<Omit<ReservedAttempt, 'lockedUntil'> & { lockedUntil: Date | string | null }>(
    `with target as (
       select id, locked_until from users
       where username_key(username) = username_key($1::text) or id = $4::int
       limit 1
     ), max_attempts as (
       select coalesce((select max_login_attempts from system_settings limit 1), 5) as n
     ), counted as (
       update users u set
         failed_login_count = case when u.locked_until <= $2::timestamptz then 1 else u.failed_login_count + 1 end,
         locked_until = case
           when (case when u.locked_until <= $2 then 1 else u.failed_login_count + 1 end) >= (select n from max_attempts) then $3
           when u.locked_until <= $2 then null
           else u.locked_until end
       where u.id = (select id from target) and (u.locked_until is null or u.locked_until <= $2)
       returning u.id, u.locked_until
     ), stranger as (
       insert into unknown_login_names as s (name_key, failed_login_count, locked_until)
       select username_key($1::text), 1, case when 1 >= (select n from max_attempts) then $3::timestamptz end
       where $1::text is not null and not exists (select 1 from target)
       on conflict (name_key) do update set
         failed_login_count = case when s.locked_until <= $2 then 1 else s.failed_login_count + 1 end,
         locked_until = case
           when (case when s.locked_until <= $2 then 1 else s.failed_login_count + 1 end) >= (select n from max_attempts) then $3
           when s.locked_until <= $2 then null
           else s.locked_until end
       where s.locked_until is null or s.locked_until <= $2
       returning s.locked_until
     ), stranger_lock as (
       select locked_until from unknown_login_names
       where $1::text is not null and name_key = username_key($1::text) and locked_until > $2
     ), pruned as (
       delete from unknown_login_names where name_key in (
         select name_key from unknown_login_names
         where locked_until <= $2 and name_key is distinct from username_key($1::text)
         limit 20 for update skip locked)
     )
     select t.id as "userId", c.id is not null as "counted", c.locked_until is not null as "lockedNow",
       case when t.id is not null then coalesce(c.locked_until, case when c.id is null then t.locked_until end)
            else coalesce((select locked_until from stranger), (select locked_until from stranger_lock)) end as "lockedUntil"
     from (select 1) one left join target t on true left join counted c on c.id = t.id`,
    [username, now.toISOString(), lockedUntil.toISOString(), userId],
  );
  if (!row) return { userId: null, counted: false, lockedNow: false, lockedUntil: null };
  return { ...row, lockedUntil: row.lockedUntil === null ? null : new Date(row.lockedUntil) };
}

/**
 * Gives back a reserved attempt whose password was right but which does not end in a sign-in yet
 * (2FA on: the code step follows). A right password is no failure: abandoning the code step must
 * not lock the account; wrong codes count on their own (totp/count-code-attempt.ts). A lock this
 * very attempt set is lifted with it.
 */
export async function releaseLoginAttempt(ctx: AppContext, tx: DbOrTx, userId: number, attempt: ReservedAttempt): Promise<void> {
  await tx
    .update(users)
    .set({
      failedLoginCount: sql`greatest(${users.failedLoginCount} - 1, 0)`,
      ...(attempt.lockedNow ? { lockedUntil: null } : {}),
    })
    .where(eq(users.id, userId));
}
