import { priorityLevel } from '@common/priority';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportColumn } from '@common/contract/reports';
import { BONUS_TYPE_LABELS, REQUEST_STATUS_LABELS, type BonusType, type RequestStatus } from '@common/enums';
import type { RequestListQuery } from '@common/schemas/bonus';
import type { Database } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { isoTimestamp, requestListFilter, requestOrder, requestSortKeys, requestsAfter } from '../bonus';
import type { Row } from './file-writers';

export type RequestExportQuery = Pick<RequestListQuery, 'status' | 'search' | 'agentId' | 'sortBy' | 'sortOrder'>;

const c = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({ key, label, kind });
/** The table's columns, in the table's words. */
export const REQUEST_EXPORT_COLUMNS: ReportColumn[] = [
  c('id', 'ID', 'int'),
  c('externalId', 'Dış Referans', 'text'),
  c('customerUsername', 'Kullanıcı Adı', 'text'),
  c('customerName', 'Müşteri', 'text'),
  c('customerId', 'Müşteri ID', 'text'),
  c('bonusType', 'Bonus Türü', 'text'),
  c('amount', 'Tutar', 'money'),
  c('status', 'Durum', 'text'),
  c('priority', 'Öncelik', 'int'),
  c('assignee', 'Atanan', 'text'),
  c('createdAt', 'Oluşturulma', 'datetime'),
  c('completedAt', 'Tamamlanma', 'datetime'),
  c('description', 'Açıklama', 'text'),
];

/** Rows per page read: one page is one chunk of the file, written between two turns of the event loop. */
export const EXPORT_PAGE_ROWS = 500;
const assignee = alias(users, 'export_assignee');

interface RawRow {
  id: number; external_id: string | null; customer_username: string | null; customer_name: string | null; customer_id: string | null;
  bonus_type: string; amount: string; status: string; priority: number; assignee: string | null; created_at: string | null; completed_at: string | null; description: string | null;
  sort_keys: (string | null)[];
}
function toRow(r: RawRow): Row {
  return {
    id: Number(r.id),
    externalId: r.external_id,
    customerUsername: r.customer_username,
    customerName: r.customer_name,
    customerId: r.customer_id,
    bonusType: BONUS_TYPE_LABELS[r.bonus_type as BonusType] ?? r.bonus_type,
    amount: r.amount,
    status: REQUEST_STATUS_LABELS[r.status as RequestStatus] ?? r.status,
    // The one scale people see (common/priority.ts), like every screen.
    priority: priorityLevel(Number(r.priority)),
    assignee: r.assignee,
    createdAt: r.created_at,
    completedAt: r.completed_at,
    description: r.description,
  };
}

/**
 * Every request matching the list's filters, search and sort, in pages read one at a time as
 * the file is written: each page is one short statement continuing after the last row of the one
 * before (keyset), so no transaction, cursor or connection is held between pages. On the embedded
 * PGlite, whose one connection everything shares, other requests run between two pages; a
 * consumer that stops asking (a cancelled download) ends the reading. A row whose sort key
 * changes while the file is written may appear at its new place or be missed, as when paging the list.
 */
export async function* requestExportPages(database: Database, projectId: number, query: RequestExportQuery, pageRows = EXPORT_PAGE_ROWS): AsyncGenerator<Row[]> {
  const db = database.db;
  const keys = requestSortKeys(query.sortBy);
  const filter = requestListFilter(projectId, query);
  let after: SQL | undefined;
  for (;;) {
    const rows: RawRow[] = await db
      .select({
        id: bonusRequests.id,
        external_id: bonusRequests.externalId,
        customer_username: bonusRequests.customerUsername,
        customer_name: bonusRequests.customerName,
        customer_id: bonusRequests.customerId,
        bonus_type: bonusRequests.bonusType,
        amount: sql<string>`${bonusRequests.amount}::text`.as('amount'),
        status: bonusRequests.status,
        priority: bonusRequests.priority,
        assignee: sql<string | null>`coalesce(${assignee.fullName}, ${assignee.username})`.as('assignee'),
        created_at: isoTimestamp(bonusRequests.createdAt).as('created_at'),
        completed_at: isoTimestamp(bonusRequests.completedAt).as('completed_at'),
        description: bonusRequests.description,
        sort_keys: sql<(string | null)[]>`array[${sql.join(keys, sql`, `)}]::text[]`.as('sort_keys'),
      })
      .from(bonusRequests)
      .leftJoin(assignee, eq(assignee.id, bonusRequests.assignedUserId))
      .where(after ? and(filter, after) : filter)
      .orderBy(...requestOrder(query.sortBy, query.sortOrder))
      .limit(pageRows);
    if (rows.length === 0) return;
    yield rows.map(toRow);
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1]!;
    after = requestsAfter(query.sortBy, query.sortOrder, last.sort_keys, Number(last.id));
  }
}
