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
    /** AES-256-GCM (lib/secrets.ts). While totpEnabled is false it is a pending setup. */
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a step is accepted only once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // username_key(): a migration of its own; every lookup compares through it too (lib/username.ts).
    uniqueIndex('users_username_key_uq').on(sql`username_key(${t.username})`),
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
    /** `salt.hmac` of the code (totp/backup-codes.ts): the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('totp_backup_codes_user_idx').on(t.userId)],
);

/**
 * The login's second step: a password was right for a user with 2FA on. Single-use (spent in
 * one conditional statement), short-lived, bound to the user; only its SHA-256 is stored.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins of names no account has, counted and locked exactly like an account's
 * (users.failed_login_count / locked_until), so a lockout tells a stranger nothing about which
 * names exist. Keyed by username_key(name); a row whose lock has run out is pruned by the next
 * sign-in of another name (sessions/login-attempts.ts).
 */
export const unknownLoginNames = pgTable(
  'unknown_login_names',
  {
    nameKey: text('name_key').primaryKey(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
  },
  (t) => [index('unknown_login_names_locked_idx').on(t.lockedUntil)],
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
