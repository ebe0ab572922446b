import { PendingScreen } from '@web/components/layout/pending-screen';

/** Raporlar (/reports, spec §2.10). */
export function ReportsPage() {
  return <PendingScreen title="Raporlar" />;
}
