import { PendingScreen } from '@web/components/layout/pending-screen';

/** Proje Yönetimi (/projects, spec §2.7). */
export function ProjectsPage() {
  return <PendingScreen title="Proje Yönetimi" />;
}
