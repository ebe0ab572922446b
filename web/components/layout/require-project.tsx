import type { ReactNode } from 'react';
import { FolderX } from 'lucide-react';
import { Card, EmptyState } from '@web/components/ui';
import { useSessionStore } from '@web/stores/session-store';

/**
 * Renders a project screen for the active project, or the 'Proje bulunamadı' state when no
 * project is selected, so the screen itself always has a project id.
 */
export function RequireProject({ description, children }: { description?: string; children: (projectId: number) => ReactNode }) {
  const projectId = useSessionStore((s) => s.activeProjectId);
  if (projectId === null) {
    return (
      <Card>
        <EmptyState icon={FolderX} title="Proje bulunamadı" description={description} />
      </Card>
    );
  }
  return children(projectId);
}
