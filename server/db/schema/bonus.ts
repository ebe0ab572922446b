import { sql, type SQL } from 'drizzle-orm';
import { type PgColumn, bigserial, check, index, integer, jsonb, numeric, pgTable, primaryKey, real, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * Search folding, applied alike to the stored search text and to what the user types:
 * lower case, and Turkish letters to their plain Latin base, so 'aydin' finds 'Aydın' and
 * 'CELIK' finds 'Çelik' whatever keyboard was used.
 */
export function searchFold(value: SQL): SQL {
  return sql`translate(lower(${value}), 'ıçğöşüâîû', 'icgosuaiu')`;
}

/** Who a request is for, as duplicate detection compares it: the customer id, else the lower-cased username. */
export function customerKey(customerId: SQL | PgColumn, customerUsername: SQL | PgColumn): SQL {
  return sql`coalesce(nullif(${customerId}, ''), 'u:' || lower(nullif(${customerUsername}, '')))`;
}

export const bonusRequests = pgTable(
  'bonus_requests',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    customerId: text('customer_id'),
    customerUsername: text('customer_username'),
    customerName: text('customer_name'),
    bonusType: text('bonus_type', { enum: ['cashback', 'points', 'other'] }).notNull().default('other'),
    /** vip / regular / new / high_risk (issue 11): routing conditions and agent skills read it; null = unknown. */
    customerSegment: text('customer_segment', { enum: ['vip', 'regular', 'new', 'high_risk'] }),
    /** Money: exact decimal, read as string. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
    description: text('description'),
    priority: smallint('priority').notNull().default(3),
    status: text('status', {
      enum: ['new', 'queued', 'assigned', 'in_progress', 'pending_approval', 'completed', 'cancelled', 'error'],
    })
      .notNull()
      .default('new'),
    source: text('source', { enum: ['manual', 'sync'] }).notNull().default('manual'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedByUserId: integer('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: tstz('assigned_at'),
    /** Capacity reservation: claimed by a user at full load, handed over when their load drops. */
    reservedForUserId: integer('reserved_for_user_id').references(() => users.id, { onDelete: 'set null' }),
    reservedAt: tstz('reserved_at'),
    completedByUserId: integer('completed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: tstz('completed_at'),
    completionNotes: text('completion_notes'),
    requeueReason: text('requeue_reason'),
    /**
     * Four eyes: a completion at or above the project's approval threshold (or past a customer
     * limit) waits in 'pending_approval' for a second person. Who asked and when, and why
     * (ApprovalDetails); who approved and when. A rejection sends it back with its reason.
     * A trigger (migration four-eyes-guard) refuses an approval by the person who asked.
     */
    approvalRequestedByUserId: integer('approval_requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvalRequestedAt: tstz('approval_requested_at'),
    approvalDetails: jsonb('approval_details'),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: tstz('approved_at'),
    rejectedByUserId: integer('rejected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /** Last change time in the project's own system (sync watermark input). */
    externalUpdatedAt: tstz('external_updated_at'),
    version: integer('version').notNull().default(1),
    /** Folded text (see searchFold) that the list search matches by substring (trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      searchFold(
        sql`coalesce(external_id, '') || ' ' || coalesce(customer_username, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_id, '') || ' ' || coalesce(description, '')`,
      ),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bonus_requests_project_external_uq')
      .on(t.projectId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('bonus_requests_project_created_idx').on(t.projectId, t.createdAt.desc(), t.id.desc()),
    index('bonus_requests_project_status_created_idx').on(t.projectId, t.status, t.createdAt.desc(), t.id.desc()),
    index('bonus_requests_assignee_status_idx').on(t.assignedUserId, t.status),
    index('bonus_requests_reserved_idx')
      .on(t.reservedForUserId, t.reservedAt)
      .where(sql`${t.reservedForUserId} is not null`),
    // Project first (btree_gin): a search reads only the project's matches, not every project's.
    index('bonus_requests_project_search_trgm_idx').using('gin', t.projectId, t.searchText.op('gin_trgm_ops')),
    // The waiting column's order (priority, then oldest first) and its oldest wait, read off small partial indexes.
    index('bonus_requests_waiting_queue_idx')
      .on(t.projectId, t.priority.desc(), t.createdAt, t.id)
      .where(sql`${t.status} in ('new', 'queued')`),
    index('bonus_requests_waiting_age_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.status} in ('new', 'queued')`),
    // Duplicate detection: the same customer (id, else folded username) and bonus type, by time. With
    // the id last, 'the latest earlier request of this customer' (flagPossibleDuplicates) is one
    // backward range starting just below the new request itself: no sort, no visit to its own row
    // (a sync batch of 5,000: 42–49 → 15–21 ms).
    index('bonus_requests_customer_key_idx').on(t.projectId, t.bonusType, customerKey(t.customerId, t.customerUsername), t.createdAt, t.id),
    // Approvals waiting, oldest first, and approvals given in a period (reports).
    index('bonus_requests_pending_approval_idx')
      .on(t.projectId, t.approvalRequestedAt, t.id)
      .where(sql`${t.status} = 'pending_approval'`),
    index('bonus_requests_approved_idx')
      .on(t.projectId, t.approvedAt)
      .where(sql`${t.approvedAt} is not null`),
    // Customer limits: what a customer was paid since a day or month began (completed only).
    index('bonus_requests_customer_completed_idx')
      .on(t.projectId, customerKey(t.customerId, t.customerUsername), t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    // Completed work by completion time, newest first: the board's 'Tamamlanan' column and /bonus filtered to
    // completed (sortBy=completedAt, desc nulls last as requestOrder writes it, id as the tie-break).
    index('bonus_requests_completed_order_idx')
      .on(t.projectId, t.completedAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'completed'`),
    check('bonus_requests_priority_ck', sql`${t.priority} between 1 and 10`),
  ],
);

/**
 * 'Olası tekrar', both ways: each pair of requests of the same customer (customer key) and bonus
 * type created within the project's duplicate window, written once per direction when the later
 * of the two arrives (create-request.ts). A pair is never rewritten as requests move: whether the
 * other one still threatens a double payment (not cancelled or failed) is read with it, so a
 * request that is closed, or opened again, needs no maintenance here.
 */
export const bonusRequestDuplicates = pgTable(
  'bonus_request_duplicates',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => bonusRequests.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => bonusRequests.id, { onDelete: 'cascade' }),
  },
  // The other way round serves the cascade when a request is deleted (its project removed).
  (t) => [primaryKey({ columns: [t.requestId, t.otherId] }), index('bonus_request_duplicates_other_idx').on(t.otherId)],
);

export const bonusRequestEvents = pgTable(
  'bonus_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => bonusRequests.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    type: text('type').notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bonus_request_events_request_idx').on(t.requestId, t.id),
    // Rejections given in a period (reports): few rows, so a small partial index rather than a scan of every event.
    index('bonus_request_events_rejected_idx').on(t.projectId, t.createdAt).where(sql`${t.type} = 'rejected'`),
  ],
);

/**
 * Live count of requests per project and status, kept exact by statement-level triggers on
 * bonus_requests (custom migration): list totals and statistics read a handful of rows instead
 * of counting hundreds of thousands on every call.
 */
export const bonusRequestStatusCounts = pgTable(
  'bonus_request_status_counts',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.status] })],
);

/**
 * How common each trigram of the requests' search text is, sampled by a maintenance job
 * (search-trigrams.ts): the list search hands the trigram index only a term's uncommon
 * trigrams. One row; `shares` maps each trigram held by at least `cutoff` of the sample to its share.
 */
export const searchTrigramShares = pgTable('search_trigram_shares', {
  id: smallint('id').primaryKey().default(1),
  shares: jsonb('shares').$type<Record<string, number>>().notNull(),
  cutoff: real('cutoff').notNull(),
  sampledRows: integer('sampled_rows').notNull(),
  /** The table's estimated rows when sampled: sampled again once it has changed by STALE_FRACTION. */
  tableRows: real('table_rows').notNull(),
  sampledAt: tstz('sampled_at').notNull().defaultNow(),
});

/** Figures recomputed by the 'statistics' sync (spec §4 sync types). */
export const projectStatistics = pgTable('project_statistics', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  waiting: integer('waiting').notNull().default(0),
  active: integer('active').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  problem: integer('problem').notNull().default(0),
  totalAmount: numeric('total_amount', { precision: 16, scale: 2 }).notNull().default('0'),
  completedAmount: numeric('completed_amount', { precision: 16, scale: 2 }).notNull().default('0'),
  computedAt: tstz('computed_at').notNull().defaultNow(),
});
