import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Project } from '@common/schemas/projects';
import { ActiveToggleButton } from '@web/components/active-toggle-button';
import { Button } from '@web/components/ui';
import { formatDateTimeWithYear } from '@web/lib/format';
import { PROJECT_MESSAGES } from '@common/schemas/projects';

export interface ProjectActionHandlers {
  onEdit: (project: Project) => void;
  onToggle: (project: Project) => void;
  onDelete: (project: Project) => void;
  busyId: number | null;
  /** The project's 'Senkronize' control, composed in by the app layer (bridge sync is another feature). */
  syncAction?: (project: Project) => ReactNode;
}

export function lastSyncText(lastSyncAt: string | null): string {
  return lastSyncAt ? formatDateTimeWithYear(lastSyncAt) : PROJECT_MESSAGES.neverSynced;
}

/** 'Senkronize' (when composed in), edit, activate/deactivate and delete. */
export function ProjectActions({ project, onEdit, onToggle, onDelete, busyId, nowrap, syncAction }: ProjectActionHandlers & { project: Project; nowrap?: boolean }) {
  return (
    <div className={nowrap ? 'flex flex-nowrap justify-end gap-1' : 'flex flex-wrap justify-end gap-1'}>
      {syncAction?.(project)}
      <Button variant="ghost" size="sm" icon={Pencil} onClick={() => onEdit(project)} aria-label={`${project.name} düzenle`}>
        Düzenle
      </Button>
      <ActiveToggleButton active={project.isActive} busy={busyId === project.id} name={project.name} onClick={() => onToggle(project)} />
      <Button variant="ghost" size="icon" icon={Trash2} onClick={() => onDelete(project)} aria-label={`${project.name} sil`} title="Sil" />
    </div>
  );
}
