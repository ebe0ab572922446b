import { FolderX } from 'lucide-react';
import { Card, EmptyState } from '@web/components/ui';
import { PendingScreen } from '@web/components/layout/pending-screen';
import { useActiveProject } from '@web/stores/session-store';

export const NO_PROJECT_TEXT = 'Yetkili olduğunuz herhangi bir proje bulunamadı. Lütfen yönetici ile iletişime geçin.';

/** /dashboard (spec §2.4). The header title is the active project's name, or 'Panel'. */
export function DashboardPage() {
  const activeProject = useActiveProject();
  if (!activeProject) {
    return (
      <Card>
        <EmptyState icon={FolderX} title="Proje bulunamadı" description={NO_PROJECT_TEXT} />
      </Card>
    );
  }
  return <PendingScreen title={activeProject.name} />;
}
