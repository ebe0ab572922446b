import { PendingScreen } from '@web/components/layout/pending-screen';

/** Rol Yönetimi (/role-management, spec §2.16). */
export function RoleManagementPage() {
  return <PendingScreen title="Rol Yönetimi" />;
}
