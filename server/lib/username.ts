import { sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema';

/**
 * Whether a user's name is this one, folded by the database's username_key() (migration 0008)
 * on both sides, as the unique index does: JavaScript's toLowerCase() turns 'İ' into 'i̇',
 * PostgreSQL into 'i' or nothing, so no name is ever folded in JavaScript.
 */
export function usernameIs(username: string): SQL {
  return sql`username_key(${users.username}) = username_key(${username})`;
}
