import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's API tokens for machines. Only the SHA-256 of the token is kept (a token is 32
 * random bytes: a slow hash would add nothing but time to every call); `hint` is its first
 * characters, to tell tokens apart in the list. A revoked or expired token answers 401 on every
 * instance at once: each call reads this row, nothing caches it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    abilities: text('abilities').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at'),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    revokedByUserId: integer('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_tokens_project_idx').on(t.projectId, t.createdAt.desc()), index('api_tokens_live_idx').on(t.projectId).where(sql`${t.revokedAt} is null`)],
);
