import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, uniqueIndex, uuid, inet } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['super_admin', 'admin', 'manager', 'operator', 'agent'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Capacity: how many assigned/in-progress requests the user may carry; null = the project's defaultAgentCapacity. */
    maxLoad: integer('max_load'),
    /** For SMS notifications (E.164-ish, digits with an optional leading +). */
    phone: text('phone'),
    /** Manual agent status; presence is derived from live sockets, this may override it. */
    manualStatus: text('manual_status', { enum: ['online', 'busy', 'away', 'offline'] }),
    forcedOfflineAt: tstz('forced_offline_at'),
    lastActivityAt: tstz('last_activity_at'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastLoginAt: tstz('last_login_at'),
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a step is accepted only once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    check('users_max_load_ck', sql`${t.maxLoad} is null or ${t.maxLoad} between 1 and 100`),
  ],
);

export const totpBackupCodes = pgTable(
  'totp_backup_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('totp_backup_codes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** Absolute end of the session, whatever its activity. */
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokedReason: text('revoked_reason'),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    spentAt: tstz('spent_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);
