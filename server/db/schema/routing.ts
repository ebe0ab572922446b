import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's routing rules (issue 11). Evaluated by priority (highest first), then position;
 * the first that matches and has an eligible target assigns the request.
 */
export const routingRules = pgTable(
  'routing_rules',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name').notNull(),
    targetStrategy: text('target_strategy', { enum: ['user', 'skill_based', 'round_robin', 'load_based', 'random'] }).notNull(),
    /** Only for the user strategy. */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    priority: smallint('priority').notNull().default(50),
    isActive: boolean('is_active').notNull().default(true),
    /** Order among rules of one priority (reorder), lower first. */
    position: integer('position').notNull().default(0),
    /**
     * Round robin: the user this rule chose last. Kept here (updated in the assigning
     * transaction, under the rule's row lock) so the rotation survives restarts and is shared
     * by every instance on the database.
     */
    lastChosenUserId: integer('last_chosen_user_id'),
    lastMatchedAt: tstz('last_matched_at'),
    assignmentsTotal: integer('assignments_total').notNull().default(0),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('routing_rules_project_order_idx').on(t.projectId, t.priority.desc(), t.position, t.id),
    check('routing_rules_priority_ck', sql`${t.priority} between 1 and 100`),
  ],
);

/** A rule's conditions: the type and its typed parameters (validated by common/schemas/routing.ts). */
export const routingRuleConditions = pgTable(
  'routing_rule_conditions',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => routingRules.id, { onDelete: 'cascade' }),
    conditionType: text('condition_type', { enum: ['bonus_type', 'customer_segment', 'time_window', 'priority_threshold', 'custom'] }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('routing_rule_conditions_rule_idx').on(t.ruleId, t.position)],
);

/** Matches and assignments of a rule per day (the project's time zone), for GET …/stats. */
export const routingRuleDailyStats = pgTable(
  'routing_rule_daily_stats',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => routingRules.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    matches: integer('matches').notNull().default(0),
    assignments: integer('assignments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.day] })],
);

/**
 * A project's routing definition version: a new random value whenever any of its rules' definition
 * or conditions change, by any path (triggers of migration 0022; not the counters and cursor a
 * decision writes). Routing sessions keep the compiled rules per version (rules-cache.ts), so a
 * sync batch or a hand-out reads the definition again only after it changed.
 */
export const routingRuleVersions = pgTable('routing_rule_versions', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  version: uuid('version').notNull().defaultRandom(),
});
