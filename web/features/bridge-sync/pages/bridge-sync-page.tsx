import { PendingScreen } from '@web/components/layout/pending-screen';

/** Bridge Senkronizasyon (/bridge-sync, spec §2.13). */
export function BridgeSyncPage() {
  return <PendingScreen title="Bridge Senkronizasyon" />;
}
