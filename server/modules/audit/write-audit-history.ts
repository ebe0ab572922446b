import { sql } from 'drizzle-orm';
import { auditEntryOf } from '@common/audit-catalogue';
import type { AuditAction } from '@common/enums';
import type { DbOrTx } from '../../db/client';
import { epochMs, fromEpochMs } from '../../db/bulk-json';
import { checkEntry, scrub, type AuditEntry } from './write-audit';

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
    const rows = entries.slice(start, start + CHUNK).map((entry) => {
      const known = auditEntryOf(entry.action);
      const details = (entry.details ?? {}) as Record<string, unknown>;
      checkEntry(entry, details);
      return {
        at: epochMs(entry.at),
        user_id: entry.actor.id,
        username: entry.actor.username,
        action: entry.action,
        resource: entry.resource ?? known.resource,
        resource_id: entry.resourceId == null ? null : String(entry.resourceId),
        severity: entry.severity ?? known.severity,
        category: known.category,
        details: scrub(details),
        ip_address: entry.ipAddress ?? null,
        project_id: entry.projectId ?? null,
      };
    });
    await tx.execute(sql`
      insert into audit_logs (timestamp, user_id, username, action, resource, resource_id, severity, category, details, ip_address, project_id)
      select ${fromEpochMs(sql`x.at`)}, x.user_id, x.username, x.action, x.resource, x.resource_id, x.severity, x.category, x.details, x.ip_address, x.project_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(at bigint, user_id int, username text, action text, resource text,
        resource_id text, severity text, category text, details jsonb, ip_address inet, project_id int)
      order by x.at`);
  }
}
