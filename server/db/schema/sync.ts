import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, boolean, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { projects } from './projects';
import { users } from './users';

export const syncLogs = pgTable(
  'sync_logs',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    syncType: text('sync_type', { enum: ['bonus', 'personnel', 'statistics', 'custom'] }).notNull(),
    status: text('status', { enum: ['success', 'failed', 'error', 'partial', 'running', 'pending'] }).notNull(),
    forceFullSync: boolean('force_full_sync').notNull().default(false),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    /** null with trigger 'schedule'. */
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull().default('manual'),
    startedAt: tstz('started_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
    heartbeatAt: tstz('heartbeat_at'),
    errorMessage: text('error_message'),
    rowsTotal: integer('rows_total'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    errors: jsonb('errors').$type<Array<{ externalId?: string; message: string }>>(),
  },
  (t) => [
    index('sync_logs_project_started_idx').on(t.projectId, t.startedAt.desc(), t.id.desc()),
    /** At most one job per project, held by the database across instances. */
    uniqueIndex('sync_logs_one_running_uq')
      .on(t.projectId)
      .where(sql`${t.status} in ('running', 'pending')`),
  ],
);

/** Per project and sync type: how far the last successful import got. */
export const syncWatermarks = pgTable(
  'sync_watermarks',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    syncType: text('sync_type').notNull(),
    watermark: tstz('watermark'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sync_watermarks_uq').on(t.projectId, t.syncType)],
);
