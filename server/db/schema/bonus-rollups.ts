import { bigint, date, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { projects } from './projects';

/*
 * Daily roll-ups of bonus_requests, kept exact by statement-level triggers (custom migration
 * "request-rollups-triggers"): analytics read a month as ~100 rows instead of scanning the
 * project's requests. A "day" is the project's local day (project_settings.timezone) of the
 * request's creation; a time-zone change rebuilds that project's rows. Processing time is
 * assigned_at → completed_at of a completed request, in milliseconds.
 */

/** Requests created per local day × bonus type × current status. */
export const bonusRequestDaily = pgTable(
  'bonus_request_daily',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bonusType: text('bonus_type').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Completed requests with a measurable processing time, and the sum of those times. */
    procN: integer('proc_n').notNull().default(0),
    procMs: bigint('proc_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.bonusType, t.status] })],
);

/** Requests created per local day × local hour of day (hourly load). */
export const bonusRequestHourly = pgTable(
  'bonus_request_hourly',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.hour] })],
);

/**
 * Per agent and local day: completed requests (by creation day) with their amount and
 * processing time, and requeues of the agent's requests (by the requeue's day). Agent 0 = none.
 */
export const bonusRequestDailyAgents = pgTable(
  'bonus_request_daily_agents',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    completed: integer('completed').notNull().default(0),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull().default('0'),
    procN: integer('proc_n').notNull().default(0),
    procMs: bigint('proc_ms', { mode: 'number' }).notNull().default(0),
    requeues: integer('requeues').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agentId] })],
);

/** Histogram of processing time in whole minutes, per local day and agent: exact median and p90. */
export const bonusRequestProcMinutes = pgTable(
  'bonus_request_proc_minutes',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    minutes: integer('minutes').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agentId, t.minutes] })],
);
