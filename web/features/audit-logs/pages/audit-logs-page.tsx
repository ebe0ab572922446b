import { PendingScreen } from '@web/components/layout/pending-screen';

/** Audit Logları (/audit-logs, spec §2.11). */
export function AuditLogsPage() {
  return <PendingScreen title="Audit Logları" />;
}
