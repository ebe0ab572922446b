import { PendingScreen } from '@web/components/layout/pending-screen';

/** Gelişmiş Dashboard (/advanced-dashboard, spec §2.8). */
export function AdvancedDashboardPage() {
  return <PendingScreen title="Gelişmiş Dashboard" />;
}
