import { useState } from 'react';
import { FolderKanban, FolderPlus, LayoutGrid, Rows3, Search } from 'lucide-react';
import type { Project } from '@common/schemas/projects';
import { PROJECT_MESSAGES } from '@common/schemas/projects';
import { PageActions } from '@web/components/layout/page-actions';
import { QueryStates } from '@web/components/query-states';
import { Button, Card, CardBody, EmptyState, Input, Select, useConfirm } from '@web/components/ui';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useCreateProject, useDeleteProject, useProjects, useToggleProject, useUpdateProject, type ProjectFilters } from '../api/projects-api';
import { ProjectFormDialog, type ProjectFormOutput } from '../components/project-form-dialog';
import { ProjectGrid, ProjectTable } from '../components/project-views';
import type { ProjectActionHandlers } from '../components/project-actions';

type View = 'grid' | 'table';

/** Proje Yönetimi (/projects, spec §2.7). */
export function ProjectsPage({ syncAction }: { syncAction?: ProjectActionHandlers['syncAction'] } = {}) {
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<NonNullable<ProjectFilters['status']>>('all');
  const [view, setView] = useState<View>('grid');
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const settled = useDebouncedValue(search.trim());
  const list = useProjects({ search: settled || undefined, status });
  const create = useCreateProject();
  const update = useUpdateProject();
  const toggle = useToggleProject();
  const remove = useDeleteProject();

  // The mutations toast; a failed save throws on, so the form shows the server's message.
  const save = async (values: ProjectFormOutput) => {
    const existing = editing !== 'new' ? editing : null;
    if (existing) await update.mutateAsync({ id: existing.id, body: values });
    else await create.mutateAsync(values);
    setEditing(null);
  };

  const onToggle = (project: Project) => toggle.mutate({ id: project.id, isActive: !project.isActive });
  const busyId = toggle.isPending ? toggle.variables.id : null;

  const onDelete = async (project: Project) => {
    const ok = await confirm({
      title: 'Bu projeyi silmek istediğinizden emin misiniz?',
      message: `${project.name} (${project.code}) ve projedeki bütün talepler, üyelikler ve senkronizasyon kayıtları silinir. Audit kayıtları kalır.`,
      confirmLabel: 'Sil',
    });
    if (ok) remove.mutate(project.id);
  };

  const handlers = { onEdit: (p: Project) => setEditing(p), onToggle, onDelete, busyId, syncAction };
  return (
    <div className="flex flex-col gap-4">
      <PageActions>
        <Button icon={FolderPlus} onClick={() => setEditing('new')}>
          Yeni Proje
        </Button>
      </PageActions>
      <Card>
        <CardBody className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <div className="relative">
            <Input label="Ara" type="search" placeholder="Proje adı veya kodu" value={search} className="pl-9" onChange={(e) => setSearch(e.target.value)} />
            <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
          </div>
          <Select
            label="Durum"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            options={[
              { value: 'all', label: 'Tümü' },
              { value: 'active', label: 'Aktif' },
              { value: 'inactive', label: 'Pasif' },
            ]}
          />
          <div role="group" aria-label="Görünüm" className="flex gap-1">
            <Button variant={view === 'grid' ? 'secondary' : 'ghost'} size="icon" icon={LayoutGrid} aria-label="Kart görünümü" aria-pressed={view === 'grid'} onClick={() => setView('grid')} />
            <Button variant={view === 'table' ? 'secondary' : 'ghost'} size="icon" icon={Rows3} aria-label="Tablo görünümü" aria-pressed={view === 'table'} onClick={() => setView('table')} />
          </div>
        </CardBody>
      </Card>
      <QueryStates query={list} inCards staleBanner loadingText="Projeler yükleniyor..." isEmpty={(d) => d.length === 0} empty={<EmptyState icon={FolderKanban} title={PROJECT_MESSAGES.empty} />}>
        {(projects) => (view === 'grid' ? <ProjectGrid projects={projects} {...handlers} /> : <ProjectTable projects={projects} {...handlers} />)}
      </QueryStates>
      <ProjectFormDialog open={editing !== null} project={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSubmit={save} />
    </div>
  );
}
