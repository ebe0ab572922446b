import { PendingScreen } from '@web/components/layout/pending-screen';

/** Sistem Ayarları (/settings, spec §2.12). */
export function SettingsPage() {
  return <PendingScreen title="Sistem Ayarları" />;
}
