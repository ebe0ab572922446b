import { auditEntryOf, type AuditDetails, type AuditResourceChoice, type AuditSeverityChoice } from '@common/audit-catalogue';
import type { AuditAction } from '@common/enums';
import type { DbOrTx } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Actor } from '../../policies/actor';


/** `details` may be left out only where the action's schema accepts an empty object. */
type DetailsField<A extends AuditAction> = Record<string, never> extends AuditDetails<A> ? { details?: AuditDetails<A> } : { details: AuditDetails<A> };

/**
 * One audit row as a caller gives it. Resource, severity and category come from the catalogue
 * (`common/audit-catalogue.ts`); `severity` and `resource` may be passed only for the actions
 * whose catalogue entry lets them vary.
 */
export type AuditEntry<A extends AuditAction> = {
  /** The one actor type; only its id and username are recorded. */
  actor: Pick<Actor, 'id' | 'username'>;
  action: A;
  resourceId?: string | number | null;
  ipAddress?: string | null;
  projectId?: number | null;
  severity?: AuditSeverityChoice<A>;
  resource?: AuditResourceChoice<A>;
} & DetailsField<A>;

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

/**
 * Under test a row that breaks the catalogue throws, so the suite finds it. Elsewhere it is
 * written as given and the slip reported: losing an audit row (or failing the user's change
 * with it) would be worse than an odd `details`. The check is a safeParse of a small object.
 */
const STRICT = process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;

function checkEntry(entry: { action: AuditAction; severity?: string; resource?: string; details?: unknown }, details: Record<string, unknown>): void {
  const known = auditEntryOf(entry.action);
  const problems: string[] = [];
  const parsed = known.details.safeParse(details);
  if (!parsed.success) problems.push(`details: ${parsed.error.message}`);
  if (entry.severity !== undefined && entry.severity !== known.severity && !known.otherSeverities?.includes(entry.severity as never)) {
    problems.push(`severity '${entry.severity}' is not one the catalogue allows`);
  }
  if (entry.resource !== undefined && entry.resource !== known.resource && !known.otherResources?.includes(entry.resource as never)) {
    problems.push(`resource '${entry.resource}' is not one the catalogue allows`);
  }
  if (problems.length === 0) return;
  const message = `audit row ${entry.action} breaks the catalogue: ${problems.join('; ')}`;
  if (STRICT) throw new Error(message);
  process.emitWarning(message, 'AuditCatalogueWarning');
}

/** An entry as its row: checked against the catalogue, the rest taken from it, secrets scrubbed. */
export function auditRowOf<A extends AuditAction>(entry: AuditEntry<A>) {
  const known = auditEntryOf(entry.action);
  const details = (entry.details ?? {}) as Record<string, unknown>;
  checkEntry(entry, details);
  return {
    userId: entry.actor.id,
    username: entry.actor.username,
    action: entry.action,
    resource: entry.resource ?? known.resource,
    resourceId: entry.resourceId == null ? null : String(entry.resourceId),
    severity: entry.severity ?? known.severity,
    category: known.category,
    details: scrub(details) as Record<string, unknown>,
    ipAddress: entry.ipAddress ?? null,
    projectId: entry.projectId ?? null,
  };
}

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function writeAudit<A extends AuditAction>(tx: DbOrTx, entry: AuditEntry<A>): Promise<void> {
  await tx.insert(auditLogs).values(auditRowOf(entry));
}

/**
 * Writes the audit row of a change to a project's own setup (its API tokens, its webhooks): the
 * project is both the row's resource and its scope, recorded under whoever acts and from where.
 */
export function writeProjectAudit<A extends AuditAction>(
  tx: DbOrTx,
  by: { actor: Pick<Actor, 'id' | 'username'>; ipAddress: string | null },
  projectId: number,
  action: A,
  details: AuditDetails<A>,
): Promise<void> {
  return writeAudit(tx, { actor: by.actor, action, resourceId: projectId, projectId, ipAddress: by.ipAddress, details } as AuditEntry<A>);
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
