import type { AuditAction, AuditSeverity } from '@common/enums';
import type { DbOrTx } from '../../db/client';
import { writeAudit, type AuditActor } from '../audit/write-audit';

/** Severity of each two-factor event: turning protection off is high. */
const SEVERITY: Partial<Record<AuditAction, AuditSeverity>> = {
  TOTP_SETUP_STARTED: 'low',
  TOTP_ENABLED: 'medium',
  TOTP_DISABLED: 'high',
  TOTP_BACKUP_CODE_USED: 'medium',
  TOTP_BACKUP_CODES_REGENERATED: 'medium',
  TOTP_CODE_FAILED: 'medium',
  TOTP_RESET: 'high',
};

/** One audit row of a two-factor event. Never pass a code, secret or challenge in `details`. */
export function auditTotp(
  tx: DbOrTx,
  entry: { actor: AuditActor; action: AuditAction; userId: number; ipAddress: string | null; details?: Record<string, unknown>; severity?: AuditSeverity },
): Promise<void> {
  return writeAudit(tx, {
    actor: entry.actor,
    action: entry.action,
    resource: 'user',
    resourceId: entry.userId,
    severity: entry.severity ?? SEVERITY[entry.action] ?? 'medium',
    category: 'security',
    details: entry.details,
    ipAddress: entry.ipAddress,
  });
}
