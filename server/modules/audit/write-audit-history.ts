import { sql } from 'drizzle-orm';
import type { AuditAction } from '@common/enums';
import type { DbOrTx } from '../../db/client';
import { epochMs, fromEpochMs } from '../../db/bulk-json';
import { auditRowOf, type AuditEntry } from './write-audit';

/** An audit row of something that happened earlier, at its own time. */
export type HistoricalAuditEntry<A extends AuditAction = AuditAction> = AuditEntry<A> & { at: Date };

/** Rows per statement: one JSON parameter each, well under any parameter size limit. */
const CHUNK = 5_000;

/**
 * Writes audit rows for changes made earlier (the demo seed writes its requests with their whole
 * history at once), each with its own time. Every row is checked against the catalogue and
 * scrubbed exactly as `writeAudit` does; they go in as one JSON recordset per few thousand rows,
 * since thousands of single inserts would slow the first start.
 */
export async function writeAuditHistory(tx: DbOrTx, entries: HistoricalAuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += CHUNK) {
    const rows = entries.slice(start, start + CHUNK).map((entry) => ({ ...auditRowOf(entry), at: epochMs(entry.at) }));
    await tx.execute(sql`
      insert into audit_logs (timestamp, user_id, username, action, resource, resource_id, severity, category, details, ip_address, project_id)
      select ${fromEpochMs(sql`x.at`)}, x."userId", x.username, x.action, x.resource, x."resourceId", x.severity, x.category, x.details, x."ipAddress", x."projectId"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(at bigint, "userId" int, username text, action text, resource text,
        "resourceId" text, severity text, category text, details jsonb, "ipAddress" inet, "projectId" int)
      order by x.at`);
  }
}
