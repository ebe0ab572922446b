import type { AuditAction, AuditCategory, AuditSeverity } from '@common/enums';
import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema';

export interface AuditActor {
  id: number | null;
  username: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  resource: string;
  resourceId?: string | number | null;
  severity: AuditSeverity;
  category: AuditCategory;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  projectId?: number | null;
}

/** Keys whose values never enter the audit log, at any depth. */
const SECRET_KEYS = /pass(word)?|secret|token|totp|backup/i;

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[gizli]' : scrub(v)]),
    );
  }
  return value;
}

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    userId: entry.actor.id,
    username: entry.actor.username,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId == null ? null : String(entry.resourceId),
    severity: entry.severity,
    category: entry.category,
    details: scrub(entry.details ?? {}) as Record<string, unknown>,
    ipAddress: entry.ipAddress ?? null,
    projectId: entry.projectId ?? null,
  });
}

/** The before/after of the fields that changed, for an audit row's details. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    const a = after[key];
    if (a === undefined) continue;
    const b = before[key];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) changes[key as string] = { before: b, after: a };
  }
  return changes;
}
