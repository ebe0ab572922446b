import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportColumn } from '@common/contract/reports';
import { BONUS_TYPE_LABELS, REQUEST_STATUS_LABELS, type BonusType, type RequestStatus } from '@common/enums';
import type { RequestListQuery } from '@common/schemas/bonus';
import type { Database } from '../../db/client';
import { bonusRequests, users } from '../../db/schema';
import { requestListFilter, requestOrder } from '../bonus';
import { isoTimestamp } from '../bonus';
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

const BATCH = 1000;
const assignee = alias(users, 'export_assignee');

interface RawRow {
  id: number; external_id: string | null; customer_username: string | null; customer_name: string | null; customer_id: string | null;
  bonus_type: string; amount: string; status: string; priority: number; assignee: string | null; created_at: string; completed_at: string | null; description: string | null;
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
    priority: Number(r.priority),
    assignee: r.assignee,
    createdAt: r.created_at,
    completedAt: r.completed_at,
    description: r.description,
  };
}

/**
 * Every request matching the list's filters, search and sort, in batches read from a cursor
 * inside one read-only REPEATABLE READ transaction: one snapshot (the count equals the list's
 * total at that moment) and only one batch in memory. On the embedded PGlite the transaction
 * holds its only connection while the file streams.
 */
export async function* requestExportBatches(database: Database, projectId: number, query: RequestExportQuery): AsyncGenerator<Row[]> {
  const db = database.db;
  const select = db
    .select({
      id: bonusRequests.id,
      external_id: bonusRequests.externalId,
      customer_username: bonusRequests.customerUsername,
      customer_name: bonusRequests.customerName,
      customer_id: bonusRequests.customerId,
      bonus_type: bonusRequests.bonusType,
      amount: sql`${bonusRequests.amount}::text`.as('amount'),
      status: bonusRequests.status,
      priority: bonusRequests.priority,
      assignee: sql`coalesce(${assignee.fullName}, ${assignee.username})`.as('assignee'),
      created_at: isoTimestamp(bonusRequests.createdAt).as('created_at'),
      completed_at: isoTimestamp(bonusRequests.completedAt).as('completed_at'),
      description: bonusRequests.description,
    })
    .from(bonusRequests)
    .leftJoin(assignee, eq(assignee.id, bonusRequests.assignedUserId))
    .where(requestListFilter(projectId, query))
    .orderBy(...requestOrder(query.sortBy, query.sortOrder));
  // A generator cannot yield from inside the transaction callback: batches pass through a queue.
  const queue: (Row[] | Error | null)[] = [];
  // Held in an object: TypeScript does not see the closures assign them.
  const signal: { wake: (() => void) | null; resume: (() => void) | null } = { wake: null, resume: null };
  let stopped = false;
  const push = (item: Row[] | Error | null) => {
    queue.push(item);
    signal.wake?.();
  };
  const reader = db
    .transaction(
      async (tx) => {
        await tx.execute(sql`declare request_export no scroll cursor for ${select}`);
        for (;;) {
          const result = (await tx.execute(sql.raw(`fetch ${BATCH} from request_export`))) as unknown as { rows: RawRow[] };
          if (result.rows.length === 0 || stopped) break;
          push(result.rows.map(toRow));
          // Back-pressure: read the next batch only when the writer has taken this one.
          if (queue.length > 1) await new Promise<void>((r) => (signal.resume = r));
        }
        await tx.execute(sql`close request_export`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => push(null),
      (err: unknown) => push(err instanceof Error ? err : new Error(String(err))),
    );
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((r) => (signal.wake = r));
      signal.wake = null;
      const item = queue.shift()!;
      signal.resume?.();
      signal.resume = null;
      if (item === null) return;
      if (item instanceof Error) throw item;
      yield item;
    }
  } finally {
    stopped = true;
    signal.resume?.();
    await reader;
  }
}
