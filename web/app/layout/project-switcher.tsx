import { useState } from 'react';
import { ChevronsUpDown, FolderKanban, RefreshCw } from 'lucide-react';
import { Badge, Button, Dialog, EmptyState, ErrorState, focusRing, LoadingState } from '@web/components/ui';
import { useProjects } from '@web/features/projects/api/projects-api';
import { cn } from '@web/lib/cn';
import { notify } from '@web/lib/notify';
import { useActiveProject, useSessionStore } from '@web/stores/session-store';

export const PROJECT_SWITCH_TOAST = 'Proje seçimi güncellendi';

/** The header button with the active project, and the 'Projeler' dialog to pick another. */
export function ProjectSwitcher({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const active = useActiveProject();
  const projects = useSessionStore((s) => s.projects);
  const selectProject = useSessionStore((s) => s.selectProject);
  const query = useProjects();
  const inactive = new Set((query.data ?? []).filter((p) => !p.isActive).map((p) => p.id));

  const pick = (id: number, name: string) => {
    setOpen(false);
    if (id === active?.id) return;
    selectProject(id);
    notify.success(PROJECT_SWITCH_TOAST, `${name} paneline geçtiniz.`);
  };

  let body;
  if (projects.length > 0) {
    body = (
      <ul className="divide-y divide-zinc-100 overflow-hidden rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {projects.map((project) => {
          const isActive = project.id === active?.id;
          return (
            <li key={project.id}>
              <button
                type="button"
                onClick={() => pick(project.id, project.name)}
                aria-current={isActive ? 'true' : undefined}
                data-autofocus={isActive || undefined}
                className={cn(
                  'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/60',
                  focusRing,
                  '-outline-offset-2',
                  isActive && 'bg-indigo-50/60 dark:bg-indigo-500/10',
                )}
              >
                <span className="min-w-16 rounded-md bg-zinc-100 px-2 py-1 text-center font-mono text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                  {project.code}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{project.name}</span>
                {inactive.has(project.id) && <Badge>Pasif</Badge>}
                {isActive && (
                  <Badge tone="success" dot>
                    Aktif
                  </Badge>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    );
  } else if (query.isPending) {
    body = <LoadingState text="Projeler yükleniyor..." />;
  } else if (query.isError) {
    body = <ErrorState title="Projeler yüklenemedi" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    body = (
      <EmptyState
        icon={FolderKanban}
        title="Proje bulunamadı"
        description="Yetkili olduğunuz bir proje yok ya da liste henüz güncellenmedi."
        action={
          <Button variant="outline" icon={RefreshCw} loading={query.isFetching} onClick={() => void query.refetch()}>
            Projeleri Yenile
          </Button>
        }
      />
    );
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        title="Projeyi değiştir"
        className={cn(
          'inline-flex h-9 min-w-0 items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm shadow-xs transition-colors hover:bg-zinc-50',
          'dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800',
          focusRing,
          className,
        )}
      >
        <FolderKanban aria-hidden="true" className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
        <span className="sr-only">Aktif proje:</span>
        {active ? (
          <>
            <span className="font-semibold text-zinc-900 dark:text-zinc-100">{active.code}</span>
            <span className="min-w-0 truncate text-zinc-500 max-sm:flex-1 max-sm:text-left md:max-w-48 dark:text-zinc-400">{active.name}</span>
          </>
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">Proje seçilmedi</span>
        )}
        <ChevronsUpDown aria-hidden="true" className="ml-auto size-4 shrink-0 text-zinc-400" />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Projeler" description="Çalışmak istediğiniz projeyi seçin.">
        {body}
      </Dialog>
    </>
  );
}
