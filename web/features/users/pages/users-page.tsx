import { PendingScreen } from '@web/components/layout/pending-screen';

/** Kullanıcı Yönetimi (/users, spec §2.6). */
export function UsersPage() {
  return <PendingScreen title="Kullanıcı Yönetimi" />;
}
