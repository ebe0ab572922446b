import { PendingScreen } from '@web/components/layout/pending-screen';

/** Routing Kuralları (/routing-rules, spec §2.14). */
export function RoutingRulesPage() {
  return <PendingScreen title="Routing Kuralları" />;
}
