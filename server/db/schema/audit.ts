import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, inet } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Append-only: a trigger (custom migration) refuses UPDATE, DELETE and TRUNCATE.
 * No foreign keys, so that deleting a user or project never has to touch it.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    timestamp: tstz('timestamp').notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    category: text('category', { enum: ['auth', 'user', 'system', 'security', 'data'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ipAddress: inet('ip_address'),
    projectId: integer('project_id'),
  },
  (t) => [
    index('audit_logs_project_time_idx').on(t.projectId, t.timestamp.desc(), t.id.desc()),
    index('audit_logs_time_idx').on(t.timestamp.desc(), t.id.desc()),
  ],
);
