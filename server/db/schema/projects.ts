import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex, index, check } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';
import { DEFAULT_TIME_ZONE } from '../../../common/constants';

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    dbType: text('db_type', { enum: ['postgresql', 'mysql'] }).notNull().default('postgresql'),
    dbHost: text('db_host').notNull(),
    dbPort: integer('db_port'),
    dbName: text('db_name').notNull(),
    dbUser: text('db_user').notNull(),
    /** AES-256-GCM ciphertext; never returned by any endpoint. */
    dbPasswordEnc: text('db_password_enc'),
    isActive: boolean('is_active').notNull().default(true),
    lastSyncAt: tstz('last_sync_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('projects_code_lower_uq').on(sql`lower(${t.code})`)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whether this member takes requests in this project ('Pasifleştir' / 'Aktifleştir'). */
    agentActive: boolean('agent_active').notNull().default(true),
    /** Id of the person in the project's own system, set by personnel sync. */
    externalPersonnelId: text('external_personnel_id'),
    /** Skills (issue 11): the bonus types and customer segments this member handles (skill_based routing). */
    skillBonusTypes: text('skill_bonus_types').array().notNull().default(sql`'{}'::text[]`),
    skillSegments: text('skill_segments').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Has an open socket in the project (on any instance), written by presence on connect and
     * disconnect, so routing decides inside a database transaction without asking every instance.
     */
    connected: boolean('connected').notNull().default(false),
    /** When routing or a claim last gave this member a request (load_based ties: longest wait first). */
    lastAssignedAt: tstz('last_assigned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId),
    uniqueIndex('project_members_external_uq')
      .on(t.projectId, t.externalPersonnelId)
      .where(sql`${t.externalPersonnelId} is not null`),
  ],
);

/** Settings columns shared by the system row and each project's row (spec §3 Settings). */
function settingsColumns() {
  return {
    appName: text('app_name').notNull().default('Bonus Management System'),
    timezone: text('timezone').notNull().default(DEFAULT_TIME_ZONE),
    sessionTimeout: integer('session_timeout').notNull().default(7200),
    maxLoginAttempts: integer('max_login_attempts').notNull().default(5),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    autoSync: boolean('auto_sync').notNull().default(true),
    syncInterval: integer('sync_interval').notNull().default(30),
    updatedAt: updatedAt(),
  };
}

/** One row (id = 1): the settings that apply to sign-in and the whole system. */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: integer('id').primaryKey().default(1),
    ...settingsColumns(),
    /** Roles whose users must sign in with two-factor (TOTP). */
    twoFactorRequiredRoles: text('two_factor_required_roles').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [check('system_settings_single_row_ck', sql`${t.id} = 1`)],
);

export const projectSettings = pgTable(
  'project_settings',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ...settingsColumns(),
    /** A request waiting longer than this raises a notification. */
    waitingAlertMinutes: integer('waiting_alert_minutes').notNull().default(30),
    /** The capacity of agents who have no capacity of their own. */
    defaultAgentCapacity: integer('default_agent_capacity').notNull().default(5),
    /** An assigned request not completed within this goes back to the queue; 0 = off. */
    claimLeaseMinutes: integer('claim_lease_minutes').notNull().default(30),
    /** Completing a request of at least this amount asks the user to type the amount; null = never. */
    completeConfirmAmount: numeric('complete_confirm_amount', { precision: 14, scale: 2 }).default('10000'),
    /** A request matching another's customer and bonus type within this many hours is a possible duplicate. */
    duplicateWindowHours: integer('duplicate_window_hours').notNull().default(24),
    /** Completing a request of at least this amount needs a second person's approval; null = off. */
    approvalThreshold: numeric('approval_threshold', { precision: 14, scale: 2 }),
    /** What one customer may be paid per local day / month before a completion needs approval; null = no limit. */
    customerDailyLimit: numeric('customer_daily_limit', { precision: 14, scale: 2 }),
    customerMonthlyLimit: numeric('customer_monthly_limit', { precision: 14, scale: 2 }),
  },
  (t) => [
    check('project_settings_waiting_alert_ck', sql`${t.waitingAlertMinutes} >= 1`),
    check('project_settings_default_capacity_ck', sql`${t.defaultAgentCapacity} >= 1`),
    check('project_settings_claim_lease_ck', sql`${t.claimLeaseMinutes} >= 0`),
    check('project_settings_duplicate_window_ck', sql`${t.duplicateWindowHours} >= 0`),
  ],
);
