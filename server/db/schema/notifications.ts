import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { projects } from './projects';
import { users } from './users';
import { NOTIFICATION_EVENTS } from '../../../common/schemas/settings';

/**
 * The notification outbox: one row per message and channel, written in the transaction of the
 * event it tells about, delivered later by the worker (notifications/deliver-notifications.ts).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    event: text('event', { enum: NOTIFICATION_EVENTS }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The address or phone number at the time of the event. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** A worker holds the row until then; another instance skips it. */
    claimedUntil: tstz('claimed_until'),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
    /** The same event is told once per recipient and channel (e.g. one waiting alert per request). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_project_created_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index('notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
  ],
);
