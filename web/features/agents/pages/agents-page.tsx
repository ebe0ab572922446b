import { PendingScreen } from '@web/components/layout/pending-screen';

/** Agent Yönetimi (/agents, spec §2.9). */
export function AgentsPage() {
  return <PendingScreen title="Agent Yönetimi" />;
}
